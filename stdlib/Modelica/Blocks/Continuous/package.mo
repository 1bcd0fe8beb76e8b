within Modelica.Blocks;
package Continuous "Blocks with continuous-time dynamics"
  import Modelica.Blocks.Types.Init;
end Continuous;
