model SignumSwitch "Koerner 2015, example 2.20: a coefficient switched by a signum function at t0 = 2"
  // What: x' = f(t) x + g(t), y = f(t) x + g(t), x(0) = x0, g(t) = 2 t - 1, with the shifted
  // signum function f(t) = sign(t - t0): -1 before t0, 0 at t0, +1 after; a time event at t0
  // (example 2.26). f is written with relations on time, so that t0 is a time event: Modelica's
  // built-in sign() is defined without events (MLS 3.7.1: noEvent(if v > 0 then 1 else if v < 0
  // then -1 else 0)); SignumBuiltin.mo is that variant.
  // Source: seed 004 (H. Koerner, dissertation, TU Wien 2015), section 2.2.2, example 2.20
  // (Figure 2.7) and example 2.26.
  // Parameters from the seed: t0 = 2, x0 = 1, g(t) = 2 t - 1. Chosen here: 0 to 4 s.
  // Closed form: x = 4 e^-t + 2 t - 3, y = 2 - 4 e^-t for t < 2; x(2) = 1 + 4 e^-2; for t > 2
  // x = (6 + 4 e^-2) e^(t-2) - 2 t - 1, y = (6 + 4 e^-2) e^(t-2) - 2. At t = 2 itself f = 0 and
  // y = g(2) = 3, an isolated value that does not change x; mocc's results show the left and the
  // right limit at the event. The seed prints x = 2 e^-t - 2 t - 1, y = 4 t - 2 e^-t for t < 2,
  // x(2) = 3, and x = 2 e^t - 2 t - 1 for t > 2, which do not solve the ODE with x(0) = 1
  // (docs/seed-004.md compares them).
  parameter Real t0 = 2 "switching instant";
  parameter Real x0 = 1 "initial state";
  Real g "input";
  Real f "sign(t - t0)";
  Real x(start = x0, fixed = true) "state";
  Real y "output";
equation
  g = 2*time - 1;
  f = if time > t0 then 1 else if time < t0 then -1 else 0;
  der(x) = f*x + g;
  y = f*x + g;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end SignumSwitch;
