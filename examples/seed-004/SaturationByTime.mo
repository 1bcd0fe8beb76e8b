model SaturationByTime "Koerner 2015, example 2.25: the saturation of example 2.19 switched by its time form"
  // What: the linear system x' = x + u, y = x - u with the ramp input u = t and x(0) = 0, whose
  // output saturates: y = x - u while x <= p1 and y = p2 once x > p1. With p1 = e^3 - 4 and
  // p2 = e^3 - 7, x(t) = e^t - t - 1 reaches p1 at exactly t* = 3, where y(3) = e^3 - 7 = p2,
  // so the output is continuous and constant from then on.
  // Source: seed 004 (H. Koerner, dissertation, TU Wien 2015), section 2.2.2, example 2.19
  // (Figure 2.5) and example 2.25 (the event function e(x, p1) = x - p1 and its time form
  // e(p1, t) = e^t - t - e^3 + 3 of Theorem 2.24).
  // Parameters from the seed: p1 = e^3 - 4, p2 = e^3 - 7, u = t, x(0) = 0. Chosen here: 0 to 4 s.
  // Here the condition is the equivalent one on time alone (Theorem 2.24, example 2.25): with
  // x = e^t - t - 1 known, x <= p1 holds exactly while e^t - t - 1 <= p1, i.e.
  // e(p1, t) = e^t - t - e^3 + 3 <= 0. Its zero does not depend on the integration of x, so the
  // event locator finds t* = 3 to rounding (Saturation.mo is the state-event form).
  parameter Real p1 = exp(3) - 4 "saturation bound on the state";
  parameter Real p2 = exp(3) - 7 "saturated output";
  Real u "input ramp";
  Real x(start = 0, fixed = true) "state";
  Real y "output";
  Boolean linear "the unsaturated part of the model is valid";
equation
  u = time;
  der(x) = x + u;
  linear = exp(time) - time - 1 <= p1;
  y = if linear then x - u else p2;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end SaturationByTime;
