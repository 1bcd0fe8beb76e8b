within Modelica;
package Electrical "Electrical components"
  import Modelica.Units.SI;
end Electrical;
