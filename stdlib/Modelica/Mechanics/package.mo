within Modelica;
package Mechanics "One-dimensional mechanical components: translational and rotational"
  import Modelica.Units.SI;
end Mechanics;
