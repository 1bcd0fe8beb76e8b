within Modelica.Blocks.Sources;
block Constant "Constant output signal"
  parameter Real k(start=1) "Constant output value";
  extends Interfaces.SO;
equation
  y = k;
end Constant;
