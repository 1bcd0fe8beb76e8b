model RelayLoop "Zhang 2005, section 7.2.2: a relay with hysteresis between two lags, driven by a square wave"
  // What: the nonlinear open-loop system of Figure 7.3. A square wave u drives
  // G(s) = 10/(s + 50); its output v is the input of a relay with hysteresis (Figure 7.4),
  // whose output yr = +K or -K drives H(s) = 100/(s^3 + 26 s^2 + 125 s + 100) with output y.
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), section 7.2.2, Figures 7.3 and 7.4, and
  // the model of Appendix B.
  // Parameters (all from the seed): delta = 0.1, K = 1; u = -square(5 t) as in Appendix B
  // (MATLAB's square(5 t) is +1 on [0, pi/5) and -1 on [pi/5, 2 pi/5), so u starts at -1 and
  // changes sign every pi/5 s); G and H as above with zero initial states; the relay starts at
  // -K (Appendix B: phi = -1 for |v(0)| <= delta); simulation 0 to 10 s (running script).
  // The relay switches to +K when v rises through +delta and to -K when v falls through -delta;
  // each condition is guarded by the relay state, as the seed's switching function phi is chosen
  // by the mode (without the guard, v falling through -delta while the relay is already off
  // would fire the off branch again and count a switch that does not happen).
  // Between the edges of u, v is an exponential with time constant 1/50 s, so every switching
  // time is an edge of u plus a logarithm (closed_forms.py).
  parameter Real delta = 0.1 "half width of the hysteresis";
  parameter Real K = 1 "relay output level";
  parameter Real w = 5 "angular frequency of the square wave (MATLAB square(w t))";
  constant Real pi = 3.141592653589793;
  discrete Real u(start = -1, fixed = true) "input square wave -square(w t)";
  Real xg(start = 0, fixed = true) "state of G(s) = 10/(s + 50)";
  Real v "output of G: the relay input";
  Boolean on(start = false, fixed = true) "relay at +K";
  Real yr "relay output";
  Real z1(start = 0, fixed = true) "H(s) in controllable canonical form: z1''' + 26 z1'' + 125 z1' + 100 z1 = yr";
  Real z2(start = 0, fixed = true) "z1'";
  Real z3(start = 0, fixed = true) "z1''";
  Real y "system output, 100 z1";
  Integer switches(start = 0, fixed = true) "number of relay switchings";
equation
  when sample(pi/w, pi/w) then
    u = -pre(u);
  end when;
  der(xg) = -50*xg + u;
  v = 10*xg;
  when not pre(on) and v > delta then
    on = true;
    switches = pre(switches) + 1;
  elsewhen pre(on) and v < -delta then
    on = false;
    switches = pre(switches) + 1;
  end when;
  yr = if on then K else -K;
  der(z1) = z2;
  der(z2) = z3;
  der(z3) = yr - 100*z1 - 125*z2 - 26*z3;
  y = 100*z1;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 0.01));
end RelayLoop;
