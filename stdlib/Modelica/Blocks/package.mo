within Modelica;
package Blocks "Input/output blocks: signal sources, continuous and discrete dynamics, mathematical operations"
  import Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Blocks have causal connectors: <code>RealInput</code>/<code>RealOutput</code> and their Boolean and
Integer counterparts. An input must be connected to exactly one output (or given a binding).</p>
</html>"));
end Blocks;
