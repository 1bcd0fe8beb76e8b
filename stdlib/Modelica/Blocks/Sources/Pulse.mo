within Modelica.Blocks.Sources;
block Pulse "Periodic rectangular pulse: amplitude during the first width % of each period"
  parameter Real amplitude = 1 "Amplitude of pulse";
  parameter Real width(final min=Modelica.Constants.small, final max=100) = 50 "Width of pulse in % of period";
  parameter SI.Time period(final min=Modelica.Constants.small, start=1) "Time for one period";
  parameter Integer nperiod = -1 "Number of periods (< 0 means infinite number of periods)";
  extends Interfaces.SignalSource;
protected
  parameter SI.Time T_width = period*width/100 "Duration of the high part of a period";
  discrete SI.Time T_start(start=startTime, fixed=true) "Start time of the current period";
  Integer count(start=0, fixed=true) "Number of periods started so far";
equation
  // One time event per period start; the end of the high part is the relation time < T_start + T_width
  when sample(startTime, period) then
    T_start = time;
    count = pre(count) + 1;
  end when;
  y = offset + (if time < startTime or nperiod == 0 or (nperiod > 0 and count > nperiod) then 0
                elseif time < T_start + T_width then amplitude
                else 0);
end Pulse;
