model RotorStator "Karim's dimensionless rotor-stator contact with compound guards and a held friction direction (seed 000, section 5.3, Table 10)"
  // What: a Jeffcott rotor (Xr, Yr) with unbalance E driven at omega, and a stator (Xs, Ys), both
  // spring-damper mounted, in the seed's dimensionless form (127)-(128): lengths in units of the
  // clearance c, time iota = omega t/(2 pi) (one revolution per unit; Modelica's `time` is iota).
  // They touch when the relative deflection R_rs = sqrt(X_rs^2 + Y_rs^2) exceeds 1; the contact
  // force has a radial part f_n = k_h d + c_h d' (dimensional, d = c (R_rs - 1)) and a friction
  // part q_t mu f_n. Compound guards (140): q_c = 1 while (f_n > 0) and (d >= 0), 0 once
  // (f_n <= 0) or (d < 0). Held sign (141): q_t = 1 for v_t > 0, -1 for v_t < 0, and keeps its
  // previous value while v_t = 0 (a when-clause, so q_t only changes where v_t crosses 0).
  // Source: seed 000 (Karim's dissertation), section 5.3, equations (106)-(150), Table 9 (reset
  // map), Table 10 (parameters), results Tables 11 and 12.
  // Parameters (Table 10): x0 = 0.0239 m, y0 = 1e-6 m, Dr = 2 m, e = 0.00999 m, c = 0.024 m,
  // mr = 8 kg, ms = 20 kg, cr = 150 N s/m, kr = 8e5 N/m, cs = 2e4 N s/m, ks = 7e5 N/m,
  // ch = 7 N s/m, kh = 1e5 N/m, omega = 101 rad/s, mu = 0.002; the dimensionless groups (126).
  // Choices where the seed is silent or differs:
  // - Initial conditions (not given in the seed): rotor and stator at rest at their centres,
  //   Xr = Yr = Xs = Ys = 0 and all velocities 0; q_t(0) = 1 (v_t ~ omega Dr/2 = 101 m/s > 0).
  //   The seed's first event (Table 11, iota_e = 0.0546) therefore is not comparable in time.
  // - The contact angle is atan2(Y_rs, X_rs), the direction from the stator centre to the rotor;
  //   the seed writes atan(Y_rs/X_rs) (115), (132), (148), which has the wrong quadrant here
  //   (X_rs ~ -X0 < 0: the contact force would push the rotor into the stator).
  // - 0 to 2 revolutions (iota in 0..2); tolerance 1e-10; output interval 0.001.
  parameter Real x0 = 0.0239 "rotor-stator offset along x in m";
  parameter Real y0 = 0.000001 "rotor-stator offset along y in m";
  parameter Real Dr = 2 "rotor diameter in m";
  parameter Real e = 0.00999 "eccentricity of the rotor in m";
  parameter Real c = 0.024 "radial clearance in m";
  parameter Real mr = 8 "rotor mass in kg";
  parameter Real ms = 20 "stator mass in kg";
  parameter Real cr = 150 "rotor damping in N s/m";
  parameter Real kr = 800000 "rotor stiffness in N/m";
  parameter Real cs = 20000 "stator damping in N s/m";
  parameter Real ks = 700000 "stator stiffness in N/m";
  parameter Real ch = 7 "contact damping in N s/m";
  parameter Real kh = 100000 "contact stiffness in N/m";
  parameter Real omega = 101 "angular velocity in rad/s";
  parameter Real mu = 0.002 "friction coefficient";
  constant Real pi = 3.14159265358979323846;
  // dimensionless groups (126)
  parameter Real mbar = mr*ms/(mr + ms);
  parameter Real Omr = sqrt(kr/mr);
  parameter Real Oms = sqrt(ks/ms);
  parameter Real Omh = sqrt(kh/mbar);
  parameter Real eta = omega/Omr;
  parameter Real Ar = 2*pi/eta;
  parameter Real As = 2*pi/eta*Oms/Omr;
  parameter Real Ah = 2*pi/eta*Omh/Omr;
  parameter Real zr = cr/(2*sqrt(kr*mr));
  parameter Real zs = cs/(2*sqrt(ks*ms));
  parameter Real zh = ch/(2*sqrt(kh*mbar));
  parameter Real E = e/c;
  parameter Real X0 = x0/c;
  parameter Real Y0 = y0/c;
  Real Xr(start = 0, fixed = true) "rotor position / c";
  Real VXr(start = 0, fixed = true) "dXr/diota";
  Real Yr(start = 0, fixed = true);
  Real VYr(start = 0, fixed = true);
  Real Xs(start = 0, fixed = true) "stator position / c";
  Real VXs(start = 0, fixed = true);
  Real Ys(start = 0, fixed = true);
  Real VYs(start = 0, fixed = true);
  Real Xrs "relative deflection (129)";
  Real Yrs "relative deflection (130)";
  Real Rrs "relative radial deflection (131)";
  Real phi "contact angle";
  Real Dp "dimensionless radial velocity dD/diota (147)";
  Real d "radial indentation in m (y1)";
  Real fn "radial force k_h d + c_h d' in N (y2)";
  Real vt "tangential velocity in m/s (134)";
  Real F "dimensionless contact force q_c (Ah^2 D + 2 zh Ah D')";
  Integer qc "contact (140)";
  discrete Integer qt(start = 1, fixed = true) "direction of the friction force (141)";
equation
  Xrs = Xr - (Xs + X0);
  Yrs = Yr - (Ys + Y0);
  Rrs = sqrt(Xrs^2 + Yrs^2);
  phi = atan2(Yrs, Xrs);
  Dp = (VXr - VXs)*cos(phi) + (VYr - VYs)*sin(phi);
  d = c*(Rrs - 1);
  fn = kh*d + ch*omega/(2*pi)*c*Dp;
  vt = omega*Dr/2 + c*omega/(2*pi)*(-(VXr - VXs)*sin(phi) + (VYr - VYs)*cos(phi));
  qc = if fn > 0 and d >= 0 then 1 else 0;
  when vt > 0 then
    qt = 1;
  elsewhen vt < 0 then
    qt = -1;
  end when;
  F = qc*(Ah^2*(Rrs - 1) + 2*zh*Ah*Dp);
  der(Xr) = VXr;
  der(VXr) = -(2*zr*Ar*VXr + Ar^2*Xr) + (2*pi)^2*E*cos(2*pi*time) + F*(-cos(phi) + qt*mu*sin(phi));
  der(Yr) = VYr;
  der(VYr) = -(2*zr*Ar*VYr + Ar^2*Yr) + (2*pi)^2*E*sin(2*pi*time) + F*(-sin(phi) - qt*mu*cos(phi));
  der(Xs) = VXs;
  der(VXs) = -(2*zs*As*VXs + As^2*Xs) - F*(-cos(phi) + qt*mu*sin(phi));
  der(Ys) = VYs;
  der(VYs) = -(2*zs*As*VYs + As^2*Ys) - F*(-sin(phi) - qt*mu*cos(phi));
  annotation(experiment(StopTime = 2, Tolerance = 1e-10, Interval = 0.001));
end RotorStator;
