within Modelica.Blocks.Math;
block BooleanToReal "Convert a Boolean signal to a Real signal"
  extends Interfaces.partialBooleanSI;
  parameter Real realTrue = 1.0 "Output signal for true input";
  parameter Real realFalse = 0.0 "Output signal for false input";
  Interfaces.RealOutput y "Connector of Real output signal";
equation
  y = if u then realTrue else realFalse;
end BooleanToReal;
