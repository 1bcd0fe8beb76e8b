model PendulumODE "Compere's compound pendulum as an ODE (seed 002, section 3.5.1, Table 3.1)"
  // What: a uniform rod of mass m and length l swinging about one end O in a vertical plane,
  // theta measured from the downward vertical: theta'' = -3 g sin(theta)/(2 l) (seed eq. in
  // section 3.5.1, Fig. 3.4). No dissipation: the total energy
  // E = I_O omega^2/2 - m g (l/2) cos(theta), I_O = m l^2/3, is conserved exactly, so any change
  // of E is integration error. |E(0)| = 159.93 J, the seed's value (it prints the magnitude; the
  // potential is taken zero at the pivot's height).
  // Source: seed 002 (Compere's dissertation), section 3.5, Table 3.1 (Delta E = max E - min E
  // for RK-3, RK-5, RK-8 with fixed steps 0.05 .. 0.001 s).
  // Parameters (seed): m = 36 kg, l = 1 m, g = 9.81 m/s2 (given in section 3.5.2 for both
  // formulations), theta(0) = 20 pi/180 rad, omega(0) = 1 rad/s.
  // Chosen here: 0..5 s (the seed states t_final = 5 s for Table 3.2 only; we use it for both);
  // the initial conditions as parameters theta0, omega0 (shared by the ODE and DAE forms);
  // output interval 0.001 s (Delta E is taken over the output rows).
  parameter Real m = 36 "rod mass in kg";
  parameter Real l = 1 "rod length in m";
  parameter Real g = 9.81 "gravity in m/s2";
  parameter Real I_O = m*l^2/3 "moment of inertia about the pivot in kg m2";
  parameter Real theta0 = 20*3.141592653589793/180 "initial angle in rad";
  parameter Real omega0 = 1.0 "initial angular velocity in rad/s";
  Real theta(start = theta0, fixed = true) "angle from the downward vertical in rad";
  Real omega(start = omega0, fixed = true) "angular velocity in rad/s";
  Real E "total energy in J (potential zero at the pivot)";
equation
  der(theta) = omega;
  der(omega) = -3*g*sin(theta)/(2*l);
  E = 0.5*I_O*omega^2 - m*g*(l/2)*cos(theta);
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.001));
end PendulumODE;
