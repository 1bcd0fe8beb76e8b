within Modelica.Blocks.Sources;
block Step "Step signal: offset before startTime, offset + height from startTime on"
  parameter Real height = 1 "Height of step";
  extends Interfaces.SignalSource;
equation
  y = offset + (if time < startTime then 0 else height);
end Step;
