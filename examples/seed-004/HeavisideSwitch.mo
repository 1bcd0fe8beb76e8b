model HeavisideSwitch "Koerner 2015, example 2.20: a coefficient switched on by a Heaviside function at t0 = 2"
  // What: x' = f(t) x + g(t), y = f(t) x + g(t), x(0) = x0, with the input g(t) = 2 t - 1 and the
  // shifted Heaviside function f(t) = H(t - t0) = 0 for t <= t0 and 1 for t > t0: a change of the
  // model at a known instant, a time event (example 2.26: e(p, t) = t - t0).
  // Source: seed 004 (H. Koerner, dissertation, TU Wien 2015), section 2.2.2, example 2.20
  // (Figure 2.6) and example 2.26.
  // Parameters from the seed: t0 = 2, x0 = 1, g(t) = 2 t - 1. Chosen here: 0 to 4 s.
  // Closed form: x = t^2 - t + 1, y = 2 t - 1 for t <= 2 (as printed), and, from x(2) = 3,
  // x = 8 e^(t-2) - 2 t - 1, y = 8 e^(t-2) - 2 for t > 2. The seed prints x = 2 e^t - 2 t - 1,
  // y = 2 e^t - 2 for t > 2, which solves the ODE but not the condition x(2) = 3 (it would need
  // x(2) = 2 e^2 - 5 = 9.78): see docs/seed-004.md.
  parameter Real t0 = 2 "switching instant";
  parameter Real x0 = 1 "initial state";
  Real g "input";
  Real f "H(t - t0)";
  Real x(start = x0, fixed = true) "state";
  Real y "output";
equation
  g = 2*time - 1;
  f = if time > t0 then 1 else 0;
  der(x) = f*x + g;
  y = f*x + g;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end HeavisideSwitch;
