model PendulumNatural "ARGESIM C21 case 3 in its natural DAE form: the rope constraint holds only while the rope is taut"
  // What: the rotating pendulum with free-flight phase of ARGESIM C21 (seed 003,
  // ../../../shared/seeds/003_*.txt, section 4.2, eq. (47), (48) with the erratum of
  // ../../../shared/seeds/README.md) written once, as a modeller states it: Cartesian
  // coordinates, the rope force per unit length lambda as Lagrange multiplier while the rope is
  // taut (an index-3 DAE), lambda = 0 in flight (an ODE of 4 states). The if-equation's
  // branches share no unknown, so mocc compiles the model once per mode (issue 15): the
  // swinging mode gets its own index reduction (dummy derivatives, a dynamic state set), the
  // flight mode none. Event F (45): lambda falls through zero; event S (46): the mass reaches
  // the rope's length again. At S the values of the flight go to the swinging mode, whose
  // constraints x^2 + y^2 = l^2 and x x' + y y' = 0 they violate; mocc moves them there by the
  // smallest change, positions first, then velocities: the tangential velocity is kept and the
  // radial one lost, the reset map E^S (46) that Pendulum.mo (maximal state space) writes with
  // reinit. The basic run ends at the first turning point whose amplitude does not exceed
  // pi/10, as in Pendulum.mo; check_pendulum.py (test natural) checks the events against the
  // reference and against Pendulum.mo.
  // Parameters (section 4.3): m = 1.5 kg, k = 0.9 kg/s, l = 1 m, g = 9.81 m/s2; the start
  // values are those of phi(0) = pi/4, phi'(0) = 15 1/s (x = l sin(phi), y = l cos(phi)).
  constant Real pi = 3.14159265358979323846;
  parameter Real m = 1.5 "mass in kg";
  parameter Real k = 0.9 "damping in kg/s";
  parameter Real l = 1 "rope length in m";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real phi0 = pi/4 "initial angle from the upward vertical";
  parameter Real w0 = 15 "initial angular velocity in 1/s";
  parameter Real limit = pi/10 "amplitude that ends the basic run";
  parameter Real eps = 1e-10 "relative band of the rope-taut condition";
  Real x(start = l*sin(phi0), fixed = true) "horizontal position in m";
  Real y(start = l*cos(phi0)) "vertical position in m (up)";
  Real vx(start = l*cos(phi0)*w0, fixed = true) "horizontal velocity in m/s";
  Real vy(start = -l*sin(phi0)*w0) "vertical velocity in m/s";
  Real lambda "rope force per unit length in N/m";
  Real w "angular velocity phi' = (y vx - x vy)/l^2";
  Real theta "angle from the hanging position";
  Boolean swinging(start = true) "the rope is taut";
  Integer falls(start = 0) "events F";
  Integer swings(start = 0) "events S";
  Integer turns(start = 0) "turning points phi' = 0 while swinging";
  discrete Real amplitude(start = 0) "|theta| at the last turning point";
  discrete Real tF1(start = -1) "first event F";
  discrete Real phiF1(start = 0) "phi there";
  discrete Real wF1(start = 0);
  discrete Real tS1(start = -1) "first event S";
  discrete Real phiS1(start = 0);
  discrete Real wS1(start = 0);
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -k*vx - lambda*x;
  m*der(vy) = -m*g - k*vy - lambda*y;
  if swinging then
    x^2 + y^2 = l^2;
  else
    lambda = 0;
  end if;
  w = (y*vx - x*vy)/l^2;
  theta = atan2(-x, -y);
  when lambda < 0 and pre(swinging) then
    swinging = false;
    falls = pre(falls) + 1;
    swings = pre(swings);
    tF1 = if pre(falls) == 0 then time else pre(tF1);
    phiF1 = if pre(falls) == 0 then atan2(x, y) else pre(phiF1);
    wF1 = if pre(falls) == 0 then w else pre(wF1);
    tS1 = pre(tS1);
    phiS1 = pre(phiS1);
    wS1 = pre(wS1);
  elsewhen x*x + y*y > l*l*(1 + eps) and not pre(swinging) then
    swinging = true;
    falls = pre(falls);
    swings = pre(swings) + 1;
    tF1 = pre(tF1);
    phiF1 = pre(phiF1);
    wF1 = pre(wF1);
    // the angular velocity is the tangential one, which the switch keeps
    tS1 = if pre(swings) == 0 then time else pre(tS1);
    phiS1 = if pre(swings) == 0 then atan2(x, y) else pre(phiS1);
    wS1 = if pre(swings) == 0 then w else pre(wS1);
  end when;
  // turning points of the swinging (w changes sign in flight too)
  when {w < 0, w > 0} then
    turns = if swinging then pre(turns) + 1 else pre(turns);
    amplitude = if swinging then abs(theta) else pre(amplitude);
  end when;
  when turns > 0 and amplitude <= limit then
    terminate("the amplitude does not exceed the limit any longer");
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end PendulumNatural;
