within Modelica.Blocks.Sources;
block BooleanConstant "Constant Boolean output signal"
  parameter Boolean k = true "Constant output value";
  extends Interfaces.partialBooleanSource;
equation
  y = k;
end BooleanConstant;
