within Modelica.Blocks.Sources;
block SawTooth "Saw tooth signal: rises from 0 to amplitude during each period"
  parameter Real amplitude = 1 "Amplitude of saw tooth";
  parameter SI.Time period(final min=Modelica.Constants.small, start=1) "Time for one period";
  parameter Integer nperiod = -1 "Number of periods (< 0 means infinite number of periods)";
  extends Interfaces.SignalSource;
protected
  discrete SI.Time T_start(start=startTime, fixed=true) "Start time of the current period";
  Integer count(start=0, fixed=true) "Number of periods started so far";
equation
  when sample(startTime, period) then
    T_start = time;
    count = pre(count) + 1;
  end when;
  y = offset + (if time < startTime or nperiod == 0 or (nperiod > 0 and count > nperiod) then 0
                else amplitude*(time - T_start)/period);
end SawTooth;
