within Modelica.Mechanics.Translational;
package Sources "Force sources"
end Sources;
