within Modelica.Blocks.Interfaces;
partial block SignalSource "Base of Real signal sources: an offset and a start time"
  extends SO;
  parameter Real offset = 0 "Offset of output signal y";
  parameter SI.Time startTime = 0 "Output y = offset for time < startTime";
end SignalSource;
