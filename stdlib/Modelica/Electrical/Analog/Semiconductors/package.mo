within Modelica.Electrical.Analog;
package Semiconductors "Semiconductor devices"
end Semiconductors;
