within Modelica.Blocks.Sources;
block BooleanPulse "Periodic Boolean pulse: true during the first width % of each period"
  parameter Real width(final min=Modelica.Constants.small, final max=100) = 50 "Width of pulse in % of period";
  parameter SI.Time period(final min=Modelica.Constants.small, start=1) "Time for one period";
  parameter SI.Time startTime = 0 "Time instant of first pulse";
  extends Interfaces.partialBooleanSource;
protected
  parameter SI.Time Twidth = period*width/100 "Duration of the true part of a period";
  discrete SI.Time pulseStart(start=startTime, fixed=true) "Start time of the current pulse";
equation
  when sample(startTime, period) then
    pulseStart = time;
  end when;
  y = time >= pulseStart and time < pulseStart + Twidth;
end BooleanPulse;
