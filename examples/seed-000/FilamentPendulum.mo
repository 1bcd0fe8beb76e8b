model FilamentPendulum "Karim's filament pendulum: a pendulum that goes slack and falls freely until the filament is taut again (seed 000, section 5.2, Table 6)"
  // What: a mass m on a filament of length L, as a damped pendulum (states phi, omega; phi from
  // the upward vertical, x = L sin(phi), y = L cos(phi), y upwards) while the filament tension
  // F_a = -m g cos(phi) + m L omega^2 (90) is positive, and as a damped free fall (states x, vx,
  // y, vy) once F_a has fallen to 0, until the distance r = sqrt(x^2 + y^2) (95) has risen to L
  // again (the filament is taut; the catch is inelastic, footnote 29: the radial velocity is
  // lost). Model (98), reset map Table 5, initialisations (96) at the release and (97) at the
  // catch.
  // Source: seed 000 (Karim's dissertation), section 5.2, equations (84)-(98), Tables 5 and 6;
  // the seed's results are Table 7 (first event, release) and Table 8 (release and catch).
  // Parameters (Table 6): x0 = 0.9 m, y0 = -0.43 m, phi0 = pi + atan(x0/y0), omega0 = 8 rad/s,
  // L = 1 m, g = 9.80665 m/s2, c_p = 0.97 N m s/rad, c_x = c_y = 0.95 N s/m, J = 0.75 kg m2,
  // m = 0.75 kg.
  // Choices where the seed is silent or where Modelica differs:
  // - 2 and 4 states: a Modelica model has a fixed set of states, so all six are states and the
  //   inactive ones are frozen (derivative 0) and re-initialised with reinit at the switch.
  // - The catch is armed only once the mass is inside the circle by epsArm = 1e-9 m: just after
  //   a release r - L = O(s^3) (F_a = 0 means gravity alone bends the path as much as the
  //   filament did), and r = L to rounding there would re-trigger the catch at once.
  // - The catch angle is pi + atan(x/y) as in (97), valid in the lower half (y < 0, footnote 31),
  //   where the catch happens here.
  // - 0 to 5 s (one release at 0.56 s, one catch at 1.23 s, then the damped pendulum);
  //   tolerance 1e-10; output interval 0.01 s.
  parameter Real x0 = 0.9 "initial position along x in m";
  parameter Real y0 = -0.43 "initial position along y in m";
  parameter Real phi0 = Modelica.Constants.pi + atan(x0/y0) "initial angle in rad";
  parameter Real omega0 = 8 "initial angular velocity in rad/s";
  parameter Real L = 1 "filament length in m";
  parameter Real g = 9.80665 "acceleration of gravity in m/s2";
  parameter Real cp = 0.97 "damping coefficient of the pendulum in N m s/rad";
  parameter Real cx = 0.95 "damping coefficient of the free fall along x in N s/m";
  parameter Real cy = 0.95 "damping coefficient of the free fall along y in N s/m";
  parameter Real J = 0.75 "moment of inertia in kg m2";
  parameter Real m = 0.75 "mass in kg";
  parameter Real epsArm = 1e-9 "depth inside the circle that arms the catch in m";
  Real phi(start = phi0, fixed = true) "pendulum angle from the upward vertical (state 1 of 2)";
  Real omega(start = omega0, fixed = true) "angular velocity (state 2 of 2)";
  Real x(start = x0, fixed = true) "free-fall position along x (state 1 of 4)";
  Real vx(start = 0, fixed = true) "free-fall velocity along x (state 2 of 4)";
  Real y(start = y0, fixed = true) "free-fall position along y (state 3 of 4)";
  Real vy(start = 0, fixed = true) "free-fall velocity along y (state 4 of 4)";
  Real Fa "filament tension (90), algebraic variable of the pendulum";
  Real r "distance from the pivot (95), algebraic variable of the free fall";
  Real px "x position of the mass in either structure";
  Real py "y position of the mass in either structure";
  Boolean free(start = false, fixed = true) "free-fall structure active";
  Boolean armed(start = false, fixed = true) "the catch is armed";
equation
  Fa = -m*g*cos(phi) + m*L*omega^2;
  r = sqrt(x^2 + y^2);
  der(phi) = if free then 0 else omega;
  J*der(omega) = if free then 0 else m*g*L*sin(phi) - cp*omega;
  der(x) = if free then vx else 0;
  m*der(vx) = if free then -cx*vx else 0;
  der(y) = if free then vy else 0;
  m*der(vy) = if free then -m*g - cy*vy else 0;
  px = if free then x else L*sin(phi);
  py = if free then y else L*cos(phi);
  when not pre(free) and Fa < 0 then
    // release (Table 5, h_ef = 0): initialisation (96)
    free = true;
    armed = false;
    reinit(x, L*sin(phi));
    reinit(y, L*cos(phi));
    reinit(vx, L*omega*cos(phi));
    reinit(vy, -L*omega*sin(phi));
  elsewhen pre(free) and not pre(armed) and r < L - epsArm then
    free = pre(free);
    armed = true;
  elsewhen pre(free) and pre(armed) and r > L then
    // catch (Table 5, h_ep = 0): initialisation (97)
    free = false;
    armed = false;
    reinit(phi, Modelica.Constants.pi + atan(x/y));
    reinit(omega, (y*vx - x*vy)/r^2);
  end when;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.01));
end FilamentPendulum;
