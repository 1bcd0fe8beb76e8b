within Modelica.Blocks.Sources;
block Sine "Sine signal: offset + amplitude*sin(2*pi*f*(time - startTime) + phase) from startTime on"
  parameter Real amplitude = 1 "Amplitude of sine wave";
  parameter SI.Frequency f(start=1) "Frequency of sine wave";
  parameter SI.Angle phase = 0 "Phase of sine wave";
  extends Interfaces.SignalSource;
equation
  y = offset + (if time < startTime then 0
                else amplitude*sin(2*Modelica.Constants.pi*f*(time - startTime) + phase));
end Sine;
