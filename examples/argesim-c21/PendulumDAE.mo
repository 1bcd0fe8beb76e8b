model PendulumDAE "ARGESIM C21 case 3: the swinging phase as the index-3 DAE (47), (48)"
  // What: the phase swinging of the rotating pendulum of ARGESIM C21 (seed 003,
  // ../../../shared/seeds/003_*.txt, section 4.2, eq. (47), (48)) in Cartesian coordinates with
  // the rope force as Lagrange multiplier, with the erratum of ../../../shared/seeds/README.md
  // (the second line of (47) reads -lambda*y):
  //   m x'' = -k x' - lambda x,   m y'' = -m g - k y' - lambda y,   0 = x^2 + y^2 - l^2,
  // an index-3 DAE that mocc reduces (Pantelides, dummy derivatives, a dynamic state set that
  // switches between x and y as the mass goes round). lambda is the rope force per unit
  // length: the force on the rope is F = lambda l, the same as (41) on the circle.
  // A model whose constraint is present only while the rope is taut is a structure change
  // that mocc does not support (issue 15; bug_if_constraint.mo), so the DAE formulation is run
  // by hybrid decomposition (C21, section 4.2): study_pendulum.py runs this model until event
  // F (45), lambda falls through zero, where it terminates; then PendulumFlight.mo (42) until
  // event S (46); then this model again from the state after the reset map E^S, passed with
  // --start-time and --override of the start values (x0, y0, vx0, vy0), and so on; of the
  // four fixed start values mocc keeps two for the initial system and checks the other two
  // (they are consistent: the driver passes a point of the circle with tangential velocity).
  // The run also terminates, depending on `stopAt`, at the first turning point (tangential
  // velocity zero) whose amplitude |theta| does not exceed pi/10 (stopAt = 1, the basic run),
  // or at the first zero crossing of theta after it (stopAt = 2, where the driver applies the
  // kick of the energy-supply task). theta = atan2(-x, -y) is the angle from the hanging
  // position; phi = theta + pi that of Pendulum.mo. `reason` tells which event ended the run.
  // Parameters (section 4.3): m = 1.5 kg, k = 0.9 kg/s, l = 1 m, g = 9.81 m/s2; the start
  // values are those of phi(0) = pi/4, phi'(0) = 15 1/s (x = l sin(phi), y = l cos(phi)).
  constant Real pi = 3.14159265358979323846;
  parameter Real m = 1.5 "mass in kg";
  parameter Real k = 0.9 "damping in kg/s";
  parameter Real l = 1 "rope length in m";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real limit = pi/10 "amplitude that ends the basic run";
  parameter Integer stopAt = 1 "1: at the first turning point with amplitude <= limit; 2: at the zero crossing of theta after it";
  parameter Boolean small0 = false "the amplitude limit was already reached before this run";
  parameter Real xTurn0 = 0 "with small0: x at that turning point";
  // The start values as parameters: the driver sets them with --override x0=... .
  parameter Real x0 = 0.70710678118654752 "x at the start";
  parameter Real y0 = 0.70710678118654752 "y at the start";
  parameter Real vx0 = 10.606601717798213 "x' at the start";
  parameter Real vy0 = -10.606601717798213 "y' at the start";
  Real x(start = x0, fixed = true) "horizontal position in m";
  Real y(start = y0, fixed = true) "vertical position in m (up)";
  Real vx(start = vx0, fixed = true) "horizontal velocity in m/s";
  Real vy(start = vy0, fixed = true) "vertical velocity in m/s";
  Real lambda "rope force per unit length in N/m";
  Real w "angular velocity phi' = (y vx - x vy)/l^2";
  Real theta "angle from the hanging position";
  Integer turns(start = 0);
  discrete Real amplitude(start = 0) "|theta| at the last turning point";
  Boolean small(start = small0);
  discrete Real xTurn(start = xTurn0) "x at that turning point";
  Integer reason(start = 0) "what ended the run: 1 event F, 2 small amplitude, 3 zero of theta";
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -k*vx - lambda*x;
  m*der(vy) = -m*g - k*vy - lambda*y;
  x^2 + y^2 = l^2;
  w = (y*vx - x*vy)/l^2;
  theta = atan2(-x, -y);
  when {w < 0, w > 0} then
    turns = pre(turns) + 1;
    amplitude = abs(theta);
  end when;
  when turns > 0 and amplitude <= limit then
    small = true;
    xTurn = x;
  end when;
  // event F (45): the rope force falls through zero; the zero crossing of theta after the
  // small turning point: x changes sign below the pivot (y < 0)
  when lambda < 0 then
    reason = 1;
    terminate("event F: the rope goes slack");
  elsewhen small and stopAt == 1 then
    reason = 2;
    terminate("the amplitude does not exceed the limit any longer");
  elsewhen small and stopAt == 2 and x*xTurn < 0 and y < 0 then
    reason = 3;
    terminate("zero crossing of theta");
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end PendulumDAE;
