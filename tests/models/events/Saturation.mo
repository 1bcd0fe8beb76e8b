model Saturation "Koerner, example 2.19: a saturation whose state event lands exactly at t = 3"
  // x' = x + u with u = t and x(0) = 0 gives x = e^t - t - 1; the output y = x - u saturates at
  // p2 = e^3 - 7 once x exceeds p1 = e^3 - 4, which happens at exactly t* = 3 (seed 004,
  // example 2.19 and 2.25).
  parameter Real p1 = exp(3) - 4;
  parameter Real p2 = exp(3) - 7;
  Real u "input ramp";
  Real x(start = 0, fixed = true);
  Real y "output";
equation
  u = time;
  der(x) = x + u;
  y = if x <= p1 then x - u else p2;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end Saturation;
