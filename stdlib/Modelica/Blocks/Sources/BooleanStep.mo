within Modelica.Blocks.Sources;
block BooleanStep "Boolean step: startValue before startTime, not startValue from startTime on"
  parameter SI.Time startTime = 0 "Time instant of step start";
  parameter Boolean startValue = false "Output before startTime";
  extends Interfaces.partialBooleanSource;
equation
  y = if time >= startTime then not startValue else startValue;
end BooleanStep;
