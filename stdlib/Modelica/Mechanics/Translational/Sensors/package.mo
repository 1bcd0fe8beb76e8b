within Modelica.Mechanics.Translational;
package Sensors "Ideal sensors with signal outputs"
end Sensors;
