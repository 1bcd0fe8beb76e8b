within Modelica.Electrical.Analog.Sources;
model SineVoltage "Sine voltage source: offset + V*sin(2*pi*f*(time - startTime) + phase) from startTime on"
  parameter SI.Voltage V(start=1) "Amplitude of sine wave";
  parameter SI.Angle phase = 0 "Phase of sine wave";
  parameter SI.Frequency f(start=1) "Frequency of sine wave";
  parameter SI.Voltage offset = 0 "Voltage offset";
  parameter SI.Time startTime = 0 "Time offset";
  extends Interfaces.OnePort;
equation
  v = offset + (if time < startTime then 0
                else V*sin(2*Modelica.Constants.pi*f*(time - startTime) + phase));
end SineVoltage;
