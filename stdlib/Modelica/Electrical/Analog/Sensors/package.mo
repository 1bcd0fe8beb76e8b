within Modelica.Electrical.Analog;
package Sensors "Ideal voltage and current sensors with signal outputs"
end Sensors;
