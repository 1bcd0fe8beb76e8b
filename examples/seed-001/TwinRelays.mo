model TwinRelays "Zhang 2005, sections 4.4 and 8.1: two uncoupled relay systems with a reset of 0.8"
  // What: x1' = x2, x2' = -sign(x1) and x3' = x4, x4' = -sign(x3), with state events S1 = x1 and
  // S2 = x3 and the reset x(te+) = [0, 0.8 x2, 0, 0.8 x4] at each (Appendix D: reset(2i-1) = 0,
  // reset(2i) = 0.8 x(2i)): each relay is a ball bouncing under unit gravity with restitution
  // 0.8 on the line x = 0. From x(0) = [0.25 0 -0.25 0] x3 = -x1 at all times, so the two
  // relays' events are simultaneous, the first problem the seed names. The crossings accumulate
  // (Zeno) at t_Z = sqrt(0.5) (1 + 2*0.8/0.2) = 9 sqrt(0.5) = 6.36396 s, where the model has no
  // continuation (x2' = -sign(x1) is +-1 at x1 = x2 = 0).
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), sections 4.4 and 8.1, Figure 4.2, and the
  // model of Appendix D. (Section 4.4 prints x3' = -x4; Appendix D has xdot(3) = x(4), used here.)
  // Parameters from the seed: restitution e = 0.8, x(0) = [0.25 0 -0.25 0].
  // Chosen here (the seed does not give it): the horizon, 0 to 6 s, before t_Z; the run script
  // also runs to 10 s to show mocc stopping at the accumulation point.
  // The sign of x1 is held in m1 (the seed's mode) and flipped at each crossing; the condition
  // uses pre(m1), the mode before the event.
  parameter Real e = 0.8 "coefficient of the reset (restitution)";
  Real x1(start = 0.25, fixed = true);
  Real x2(start = 0, fixed = true);
  Real x3(start = -0.25, fixed = true);
  Real x4(start = 0, fixed = true);
  discrete Real m1(start = 1, fixed = true) "sign of x1 held between events (mode 1)";
  discrete Real m2(start = -1, fixed = true) "sign of x3 held between events (mode 2)";
  Integer n1(start = 0, fixed = true) "crossings of x1";
  Integer n2(start = 0, fixed = true) "crossings of x3";
equation
  der(x1) = x2;
  der(x2) = -m1;
  der(x3) = x4;
  der(x4) = -m2;
  when pre(m1)*x1 < 0 then
    m1 = -pre(m1);
    n1 = pre(n1) + 1;
    reinit(x1, 0);
    reinit(x2, e*x2);
  end when;
  when pre(m2)*x3 < 0 then
    m2 = -pre(m2);
    n2 = pre(n2) + 1;
    reinit(x3, 0);
    reinit(x4, e*x4);
  end when;
  annotation(experiment(StopTime = 6, Tolerance = 1e-10, Interval = 0.005));
end TwinRelays;
