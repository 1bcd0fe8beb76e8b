within Modelica.Mechanics.Rotational;
package Sensors "Ideal sensors with signal outputs"
end Sensors;
