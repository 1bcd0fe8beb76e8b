model Saturation "Koerner 2015, examples 2.19 and 2.25: a saturation whose state event lands exactly at t = 3"
  // What: the linear system x' = x + u, y = x - u with the ramp input u = t and x(0) = 0, whose
  // output saturates: y = x - u while x <= p1 and y = p2 once x > p1. With p1 = e^3 - 4 and
  // p2 = e^3 - 7, x(t) = e^t - t - 1 reaches p1 at exactly t* = 3, where y(3) = e^3 - 7 = p2,
  // so the output is continuous and constant from then on.
  // Source: seed 004 (H. Koerner, dissertation, TU Wien 2015), section 2.2.2, example 2.19
  // (Figure 2.5) and example 2.25 (the event function e(x, p1) = x - p1 and its time form
  // e(p1, t) = e^t - t - e^3 + 3 of Theorem 2.24).
  // Parameters from the seed: p1 = e^3 - 4, p2 = e^3 - 7, u = t, x(0) = 0. Chosen here: 0 to 4 s.
  // The condition is the state event x <= p1 of example 2.19: the solver locates it, and its time
  // carries the integration error of x. SaturationByTime.mo is the equivalent time form.
  parameter Real p1 = exp(3) - 4 "saturation bound on the state";
  parameter Real p2 = exp(3) - 7 "saturated output";
  Real u "input ramp";
  Real x(start = 0, fixed = true) "state";
  Real y "output";
  Boolean linear "the unsaturated part of the model is valid";
equation
  u = time;
  der(x) = x + u;
  linear = x <= p1;
  y = if linear then x - u else p2;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end Saturation;
