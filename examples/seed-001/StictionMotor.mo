model StictionMotor "Zhang 2005, section 8.2: a DC motor with stiction under a 10 Hz digital compensator"
  // What: the hybrid system of Figure 8.1: a separately excited DC motor coupled through a gear
  // train (ratio N) to a load, driven by the digital compensator D(z) = (4 z - 3.1)/(z - 0.1)
  // (sampled at 10 Hz, zero-order hold) in a loop with unity feedback of the load speed y. The
  // load carries a Coulomb friction B2C sign(y) with sticking: while y = 0 the motor stays stuck
  // until the electric torque Te = KT N ia exceeds B2C in magnitude (Karnopp-like, as the
  // seed's mode/phi logic of Appendix F does), and a moving motor whose speed reaches zero with
  // |Te| < B2C sticks; with |Te| >= B2C it reverses. Seed: stuck near 0-0.94, 9.4-10.92,
  // 19.4-20.92 and 29.4-30 s, with no chattering (Figure 8.6).
  // Source: seed 001 (J. Zhang, MSc thesis, UNB 2005), section 8.2, Figures 8.1, 8.5, 8.6, and
  // the models of Appendices E and F.
  // Parameters (all from Appendix F): J1 = 5 kg m^2, B1 = 2 N m s, KE = KT = 2, RA = 0.4 Ohm,
  // LA = 0.02 H, J2 = 70 kg m^2, B2 = 80 N m s, N = 10, Jeq = J2 + N^2 J1 = 570,
  // Beq = B2 + N^2 B1 = 280, B2C = 1500 N m; compensator xd' = A xd + B e, yd = C xd + D e with
  // A = 0.1, B = 1, C = -2.7, D = 4, T = 0.1 s, first execution at t = T with yd = 0 before it
  // (Appendix F: tep = T, ydp = 0), e = r - y; reference r = 0 for t < T0 = 0.2 and
  // E0 sin(0.1 pi (t - T0)) after, E0 = 100; zero initial states; 0 to 30 s.
  // Plant (Appendix F): LA ia' = yd - RA ia - KE N y, Jeq y' = KT N ia - Beq y - B2C mode,
  // y' = 0 while stuck (mode = 0).
  // Reference: motor_reference.py (piecewise exact solution, 30 digits) -> motor_reference_*.csv.
  parameter Real J1 = 5, B1 = 2 "motor inertia and viscous friction";
  parameter Real KE = 2 "back emf coefficient";
  parameter Real KT = KE "torque coefficient";
  parameter Real RA = 0.4, LA = 0.02 "armature resistance and inductance";
  parameter Real J2 = 70, B2 = 80 "load inertia and viscous friction";
  parameter Real N = 10 "gear ratio";
  parameter Real Jeq = J2 + N*N*J1, Beq = B2 + N*N*B1;
  parameter Real B2C = 1500 "Coulomb (stiction) friction torque";
  parameter Real T = 0.1 "sampling period of the compensator in s";
  parameter Real A = 0.1, B = 1, C = -2.7, D = 4 "compensator (4 z - 3.1)/(z - 0.1)";
  parameter Real T0 = 0.2, E0 = 100 "delay and amplitude of the reference";
  constant Real pi = 3.141592653589793;
  Real ia(start = 0, fixed = true) "armature current (x1 of the seed)";
  Real y(start = 0, fixed = true) "load speed (x2 of the seed, the output)";
  Real Te "electric torque KT N ia";
  Real r "reference speed";
  discrete Real xd(start = 0, fixed = true) "compensator state";
  discrete Real yd(start = 0, fixed = true) "armature voltage, held";
  discrete Real e(start = 0, fixed = true) "error at the last sample";
  Integer mode(start = 0, fixed = true) "1 forward, 0 stuck, -1 backward";
  Integer sticks(start = 0, fixed = true) "number of times the motor got stuck";
equation
  r = if time < T0 then 0 else E0*sin(0.1*pi*(time - T0));
  Te = KT*N*ia;
  LA*der(ia) = yd - RA*ia - KE*N*y;
  Jeq*der(y) = if mode == 0 then 0 else Te - Beq*y - B2C*mode;
  when sample(T, T) then
    e = r - y;
    yd = C*pre(xd) + D*e;
    xd = A*pre(xd) + B*e;
  end when;
  when pre(mode) == 0 and Te > B2C then
    mode = 1;
    sticks = pre(sticks);
  elsewhen pre(mode) == 0 and Te < -B2C then
    mode = -1;
    sticks = pre(sticks);
  elsewhen pre(mode) == 1 and y < 0 then
    mode = if abs(Te) < B2C then 0 else -1;
    sticks = if abs(Te) < B2C then pre(sticks) + 1 else pre(sticks);
    reinit(y, 0);
  elsewhen pre(mode) == -1 and y > 0 then
    mode = if abs(Te) < B2C then 0 else 1;
    sticks = if abs(Te) < B2C then pre(sticks) + 1 else pre(sticks);
    reinit(y, 0);
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end StictionMotor;
