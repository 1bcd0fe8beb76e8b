within Modelica.Electrical.Analog.Sources;
model StepVoltage "Step voltage source: offset before startTime, offset + V from startTime on"
  parameter SI.Voltage V(start=1) "Height of step";
  parameter SI.Voltage offset = 0 "Voltage offset";
  parameter SI.Time startTime = 0 "Time offset";
  extends Interfaces.OnePort;
equation
  v = offset + (if time < startTime then 0 else V);
end StepVoltage;
