within Modelica.Mechanics.Translational;
package Interfaces "Flanges and partial models of translational components"
end Interfaces;
