within Modelica.Electrical.Analog;
package Sources "Ideal voltage and current sources"
end Sources;
