model FilamentPendulumNatural "Karim's filament pendulum as one model whose state space changes: 2 states while taut, 4 in free fall (issue 15)"
  // What: FilamentPendulum.mo (seed 000, section 5.2, Table 6) written as the seed describes
  // the system, with a variable structure instead of the maximal state space: while the
  // filament is taut the states are phi and omega (the positions and velocities follow from
  // them), in free fall x, vx, y, vy (phi and omega follow from those). The if-equation's
  // branches share no unknown, so mocc compiles a model per mode and switches at the events
  // (issue 15). No reset map is written: at the release the free fall takes the positions and
  // velocities the pendulum computed, the initialisation (96); at the catch the values of the
  // fall go to the pendulum, whose constraints they violate by the radial velocity, and mocc
  // moves them there by the smallest change, positions first, then velocities: phi is the
  // direction of (x, y) and omega keeps the tangential velocity, the initialisation (97) (with
  // r = L at the located catch). The arming of the catch is FilamentPendulum.mo's.
  // check.py (test pendulum_natural) checks it against the same reference as
  // FilamentPendulum.mo.
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
  Real phi(start = phi0, fixed = true) "pendulum angle from the upward vertical";
  Real omega(start = omega0, fixed = true) "angular velocity";
  Real x "position along x in m";
  Real vx "velocity along x in m/s";
  Real y "position along y in m (up)";
  Real vy "velocity along y in m/s";
  Real Fa "filament tension (90)";
  Real r "distance from the pivot (95)";
  Boolean free(start = false) "free-fall structure active";
  Boolean armed(start = false) "the catch is armed";
equation
  Fa = -m*g*cos(phi) + m*L*omega^2;
  r = sqrt(x^2 + y^2);
  if free then
    der(x) = vx;
    m*der(vx) = -cx*vx;
    der(y) = vy;
    m*der(vy) = -m*g - cy*vy;
    phi = atan2(x, y);
    omega = (y*vx - x*vy)/r^2;
  else
    der(phi) = omega;
    J*der(omega) = m*g*L*sin(phi) - cp*omega;
    x = L*sin(phi);
    y = L*cos(phi);
    vx = der(x);
    vy = der(y);
  end if;
  when not pre(free) and Fa < 0 then
    free = true;
    armed = false;
  elsewhen pre(free) and not pre(armed) and r < L - epsArm then
    free = pre(free);
    armed = true;
  elsewhen pre(free) and pre(armed) and r > L then
    free = false;
    armed = false;
  end when;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.01));
end FilamentPendulumNatural;
