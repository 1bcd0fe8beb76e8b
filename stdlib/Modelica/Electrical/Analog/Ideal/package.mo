within Modelica.Electrical.Analog;
package Ideal "Ideal switching components, described by parameterised curves"
end Ideal;
