within Modelica.Mechanics.Rotational;
package Sources "Torque sources"
end Sources;
