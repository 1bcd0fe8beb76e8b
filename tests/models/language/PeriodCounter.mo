// The pattern of periodic sources: an initial algorithm places the current period from the
// start time (count := number of periods already begun, MLS 8.6), and a when-equation counts
// the following ones. With startTime = -0.6 and period = 0.25, at t = 0 already 2 periods
// began (the current one at -0.1): count(t) = floor((t + 0.6)/0.25), T_start = -0.6 +
// 0.25*count, and the saw tooth s = (t - T_start)/period = frac((t + 0.6)/0.25).
block PeriodCounter
  parameter Real startTime = -0.6;
  parameter Real period = 0.25;
  output Real s "position in the current period, 0 to 1";
  Integer count "periods begun";
  Real T_start "start of the current period";
initial algorithm
  count := integer((time - startTime) / period);
  T_start := startTime + count * period;
equation
  when integer((time - startTime) / period) > pre(count) then
    count = pre(count) + 1;
    T_start = time;
  end when;
  s = (time - T_start) / period;
  annotation(experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-8, Interval = 0.01));
end PeriodCounter;
