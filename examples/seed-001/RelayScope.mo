model RelayScope "Zhang 2005, section 8.3: a relay with hysteresis between G(s) = 1/(s+1) and H(s) = (s+10)/(s+3)"
  // What: the system with scopes of Figure 8.7. r = sin(t) drives G(s) = 1/(s + 1) (state x1);
  // x1 is the input of a relay with hysteresis (the behaviour of Figure 7.4) with thresholds
  // +-delta and outputs +-1; the relay output u drives H(s) = (s + 10)/(s + 3), written as
  // x2' = -3 x2 + u, y = 7 x2 + u. The scopes of the seed record u and y.
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), section 8.3, Figures 8.7 and 8.8, and the
  // model of Appendix G.
  // Parameters (all from the seed): delta = 0.3 (switching off at -0.3), relay outputs +1 / -1,
  // the relay starts at -1 (Appendix G: phi = -1 initially), x1(0) = x2(0) = 0, 0 to 10 s.
  // With x1(0) = 0, x1(t) = (sin t - cos t + e^-t)/2 is known in closed form, so the switching
  // times are roots of x1(t) = +-delta (closed_forms.py).
  parameter Real delta = 0.3 "relay threshold";
  Real x1(start = 0, fixed = true) "output of G(s) = 1/(s + 1)";
  Real x2(start = 0, fixed = true) "state of H(s) = (s + 10)/(s + 3)";
  Boolean on(start = false, fixed = true) "relay at +1";
  Real u "relay output (scope 1)";
  Real y "system output (scope 2)";
  Integer switches(start = 0, fixed = true) "number of relay switchings";
equation
  der(x1) = -x1 + sin(time);
  when not pre(on) and x1 > delta then
    on = true;
    switches = pre(switches) + 1;
  elsewhen pre(on) and x1 < -delta then
    on = false;
    switches = pre(switches) + 1;
  end when;
  u = if on then 1 else -1;
  der(x2) = -3*x2 + u;
  y = 7*x2 + u;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 0.01));
end RelayScope;
