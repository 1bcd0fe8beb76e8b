model DigitalFilter "Zhang 2005, section 5.3: a digital filter with a zero-order hold feeding an integrator"
  // What: the system of Figure 5.3: u = sin(t) is sampled at 2 Hz by the digital filter
  //   D(z) = (1 - 1.615 z^-1 + 0.4379 z^-2)/(1 - 0.7207 z^-1 + 0.6065 z^-2),
  // whose output yd drives the integrator H(s) = 1/s (x' = yd). b0 = 1 is not zero, so the
  // output depends on the current input (D = 1 in y = C x + D u): the seed shows that yd must
  // be held between the samples (Figure 5.4, the zero-order hold) and what happens when the
  // model computes yd = C xd + D u(t) from the continuous input instead (Figure 5.5). Both are
  // simulated side by side here: x integrates the held output, xn the unheld one.
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), section 5.3, Figures 5.3 to 5.5.
  // Parameters from the seed: D(z) as above, T = 0.5 s (2 Hz), u = sin(t), H(s) = 1/s.
  // Chosen here (the seed does not give them): x(0) = xn(0) = 0, a zero filter state, the first
  // execution at t = T with yd = 0 before it (as the seed's other models start their
  // controllers), 0 to 20 s.
  // The filter in transposed direct form II, state (s1, s2) = xd:
  //   y(k) = b0 u(k) + s1(k), s1(k+1) = b1 u(k) - a1 y(k) + s2(k), s2(k+1) = b2 u(k) - a2 y(k).
  // Without the hold the model sees yd(t) = s1 + b0 sin(t) between the samples, s1 being the
  // filter state after the last execution (the seed's "yd = C*xd + D*ud" with ud = sin(t)).
  parameter Real T = 0.5 "sampling period in s";
  parameter Real b0 = 1, b1 = -1.615, b2 = 0.4379 "numerator of D(z)";
  parameter Real a1 = -0.7207, a2 = 0.6065 "denominator of D(z) after the leading 1";
  Real u "filter input sin(t)";
  discrete Real uk(start = 0, fixed = true) "input at the last sample";
  discrete Real yd(start = 0, fixed = true) "filter output, held (zero-order hold)";
  discrete Real s1(start = 0, fixed = true), s2(start = 0, fixed = true) "filter state";
  Real yn "output computed from the continuous input (no hold, Figure 5.5)";
  Real x(start = 0, fixed = true) "integrator output with the hold (Figure 5.4)";
  Real xn(start = 0, fixed = true) "integrator output without the hold (Figure 5.5)";
equation
  u = sin(time);
  when sample(T, T) then
    uk = u;
    yd = b0*uk + pre(s1);
    s1 = b1*uk - a1*yd + pre(s2);
    s2 = b2*uk - a2*yd;
  end when;
  yn = s1 + b0*u;
  der(x) = yd;
  der(xn) = yn;
  annotation(experiment(StopTime = 20, Tolerance = 1e-10, Interval = 0.01));
end DigitalFilter;
