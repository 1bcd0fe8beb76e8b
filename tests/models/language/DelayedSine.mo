// delay() of continuous signals (MLS 3.7.4.2): z = sin(t - d) with a parameter delay time that
// is no multiple of the output interval, v with a delay time that changes (delayMax given),
// xd the delay of a state integrated from der(x) = cos(time), x(0) = 0. Before the delay time
// has passed each is the signal's value at the start time, sin(0) = 0.
model DelayedSine
  parameter Real d = 0.123;
  Real y = sin(time);
  Real z = delay(y, d);
  Real dv = 0.2 + 0.1 * sin(3 * time);
  Real v = delay(y, dv, 0.3);
  Real x(start = 0, fixed = true);
  Real xd = delay(x, d);
equation
  der(x) = cos(time);
  annotation(experiment(StartTime = 0, StopTime = 3, Interval = 0.01, Tolerance = 1e-8));
end DelayedSine;
