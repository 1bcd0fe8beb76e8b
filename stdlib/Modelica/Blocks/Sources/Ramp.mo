within Modelica.Blocks.Sources;
block Ramp "Ramp signal: rises linearly by height during duration, starting at startTime"
  parameter Real height = 1 "Height of ramp";
  parameter SI.Time duration(min=0.0, start=2) "Duration of ramp (= 0.0 gives a Step)";
  extends Interfaces.SignalSource;
equation
  y = offset + (if time < startTime then 0
                elseif time < startTime + duration then (time - startTime)*height/duration
                else height);
end Ramp;
