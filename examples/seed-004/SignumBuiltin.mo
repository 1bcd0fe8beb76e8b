model SignumBuiltin "Koerner 2015, example 2.20 with Modelica's sign(): the same switch without an event"
  // What: SignumSwitch.mo with f = sign(time - t0). Modelica defines sign(v) as
  // noEvent(if v > 0 then 1 else if v < 0 then -1 else 0) (MLS 3.7.1), so the switch at t0 is not
  // an event: the integrator meets a discontinuous right-hand side inside a step and has to get
  // across it by its error control. This is the seed's case for events (section 2.2.3): the run
  // script compares its work and accuracy with SignumSwitch.mo.
  // Source: seed 004 (H. Koerner, dissertation, TU Wien 2015), example 2.20 (Figure 2.7).
  // Parameters as SignumSwitch.mo: t0 = 2, x0 = 1, g(t) = 2 t - 1, 0 to 4 s.
  parameter Real t0 = 2 "switching instant";
  parameter Real x0 = 1 "initial state";
  Real g "input";
  Real f "sign(t - t0), without an event";
  Real x(start = x0, fixed = true) "state";
  Real y "output";
equation
  g = 2*time - 1;
  f = sign(time - t0);
  der(x) = f*x + g;
  y = f*x + g;
  annotation(experiment(StopTime = 4, Tolerance = 1e-10, Interval = 0.01));
end SignumBuiltin;
