model SampledLoop "Zhang 2005, section 7.2.3: a closed loop with a discrete-time controller sampled every 0.3 s"
  // What: the closed-loop system with a DTC of Figure 7.5: a fifth-order digital controller
  // D(z) drives, through a zero-order hold, the plant H(s) G(s) = 1/s * 1/(s + 1); its output x2
  // is fed back and compared with a unit step r at t = 1 s.
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), section 7.2.3, Figure 7.5, and the model
  // and running script of Appendix C.
  // Parameters (from the seed): sampling period Ts = 0.3 s; the first execution at t = Ts
  // (Appendix C: te = t + Ts at initialisation), the controller output yd = 0 before it; controller
  // input e = r - x2 with r = 1 for t > 1 and 0 before (Appendix C: "if t > 1"); zero initial
  // states; 0 to 20 s (running script).
  // D(z): the printed formula of section 7.2.3 is garbled; Appendix C gives
  // num = [1 0 0 0 0], den = [1 0.7 -0.56 -0.478 0.02 0.0762] for tf2ss, that is
  // D(z) = z^4/(z^5 + 0.7 z^4 - 0.56 z^3 - 0.478 z^2 + 0.02 z + 0.0762), which is what is used
  // here, in MATLAB's controller canonical form (C = [1 0 0 0 0], D = 0):
  //   yd(k) = xd1(k), xd1(k+1) = -a * xd(k) + e(k), xd(i+1)(k+1) = xd(i)(k).
  // The plant is linear with a held input, so the values at the sampling instants follow an
  // exact discretisation (closed_forms.py).
  parameter Real Ts = 0.3 "sampling period in s";
  parameter Real a[5] = {0.7, -0.56, -0.478, 0.02, 0.0762} "denominator of D(z) after the leading 1";
  parameter Real tStep = 1 "time of the unit step of r";
  Real x1(start = 0, fixed = true) "output of H(s) = 1/s (integral of yd)";
  Real x2(start = 0, fixed = true) "output of G(s) = 1/(s + 1): the controlled variable";
  discrete Real xd[5](each start = 0, each fixed = true) "controller state";
  discrete Real yd(start = 0, fixed = true) "controller output, held";
  discrete Real e(start = 0, fixed = true) "controller input at the last sample";
  Integer samples(start = 0, fixed = true);
equation
  der(x1) = yd;
  der(x2) = -x2 + x1;
  when sample(Ts, Ts) then
    e = (if time > tStep then 1 else 0) - x2;
    yd = pre(xd[1]);
    xd[1] = -a*pre(xd) + e;
    xd[2:5] = pre(xd[1:4]);
    samples = pre(samples) + 1;
  end when;
  annotation(experiment(StopTime = 20, Tolerance = 1e-10, Interval = 0.01));
end SampledLoop;
