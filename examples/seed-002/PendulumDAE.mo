model PendulumDAE "Compere's compound pendulum as an index-3 DAE (seed 002, section 3.5.2, Table 3.2)"
  // What: the same rod as PendulumODE.mo, now a free planar rigid body (centre of mass
  // (xg, yg), x pointing down along gravity, y horizontal, orientation theta) held at its end
  // O1 by the pin O2 at the origin: the two holonomic constraints (3.32)
  //   xg = (l/2) cos(theta),  yg = (l/2) sin(theta)
  // with the pin forces Fx, Fy as the unknown multipliers. Unconstrained equations (3.31):
  // m vxg' = m g, m vyg' = 0, I_g omega' = 0, I_g = m l^2/12; the pin force acts at
  // O1 = G - (l/2)(cos, sin), so its moment about G is (l/2)(sin(theta) Fx - cos(theta) Fy).
  // The constraints are position-level: an index-3 DAE; mocc reduces the index (Pantelides,
  // dummy derivatives), the seed uses its sliding-mode reformulation with post- and
  // acceleration-level stabilization (sigma = 10 1/s) instead.
  // Energy E = m (vxg^2 + vyg^2)/2 + I_g omega^2/2 - m g xg, equal to PendulumODE's E.
  // Source: seed 002, section 3.5.2, equations (3.31), (3.32), Table 3.2 (t_final = 5 s).
  // Parameters (seed): m = 36 kg, l = 1 m, g = 9.81 m/s2, theta(0) = 20 deg, omega(0) = 1 rad/s.
  // Chosen here: theta and omega carry the initial conditions, through the parameters theta0,
  // omega0 as in PendulumODE.mo (the other states follow from the
  // constraints); output interval 0.001 s.
  parameter Real m = 36 "rod mass in kg";
  parameter Real l = 1 "rod length in m";
  parameter Real g = 9.81 "gravity in m/s2";
  parameter Real I_g = m*l^2/12 "moment of inertia about the centre of mass in kg m2";
  Real xg "centre of mass, downward, in m";
  Real yg "centre of mass, horizontal, in m";
  Real vxg "velocity of the centre of mass, x, in m/s";
  Real vyg "velocity of the centre of mass, y, in m/s";
  parameter Real theta0 = 20*3.141592653589793/180 "initial angle in rad";
  parameter Real omega0 = 1.0 "initial angular velocity in rad/s";
  Real theta(start = theta0, fixed = true) "angle from the downward vertical in rad";
  Real omega(start = omega0, fixed = true) "angular velocity in rad/s";
  Real Fx "pin force on the rod, x, in N";
  Real Fy "pin force on the rod, y, in N";
  Real E "total energy in J (potential zero at the pivot)";
equation
  der(xg) = vxg;
  der(yg) = vyg;
  der(theta) = omega;
  m*der(vxg) = m*g + Fx;
  m*der(vyg) = Fy;
  I_g*der(omega) = (l/2)*(sin(theta)*Fx - cos(theta)*Fy);
  xg = (l/2)*cos(theta);
  yg = (l/2)*sin(theta);
  E = 0.5*m*(vxg^2 + vyg^2) + 0.5*I_g*omega^2 - m*g*xg;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.001));
end PendulumDAE;
