within Modelica.Blocks.Sources;
block Cosine "Cosine signal: offset + amplitude*cos(2*pi*f*(time - startTime) + phase) from startTime on"
  parameter Real amplitude = 1 "Amplitude of cosine wave";
  parameter SI.Frequency f(start=1) "Frequency of cosine wave";
  parameter SI.Angle phase = 0 "Phase of cosine wave";
  extends Interfaces.SignalSource;
equation
  y = offset + (if time < startTime then 0
                else amplitude*cos(2*Modelica.Constants.pi*f*(time - startTime) + phase));
end Cosine;
