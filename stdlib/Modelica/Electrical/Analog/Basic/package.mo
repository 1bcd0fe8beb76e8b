within Modelica.Electrical.Analog;
package Basic "Basic linear components: ground, resistor, conductor, capacitor, inductor"
end Basic;
