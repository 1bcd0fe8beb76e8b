model C21Pendulum "ARGESIM C21 rotating pendulum with free-flight phase (maximal state space)"
  // Seed 003, section 4 (with the erratum: the second line of the DAE reads -lambda*y). phi is
  // measured from the upward vertical: the mass is at x = l sin(phi), y = l cos(phi).
  // Swinging (39): phi'' = -(k/m) phi' + (g/l) sin(phi) while the rope force (41)
  // F = -g m cos(phi) + m l phi'^2 is positive; event 'F' (45) when F falls through zero: the
  // mass flies freely (42) from its position and velocity; event 'S' (46) when the distance
  // reaches l again: swinging with the tangential velocity (the radial one is lost in the rope).
  // The states of the inactive phase are frozen (der = 0). The turning points of the swinging
  // after the flight are output events (the "until the oscillation does not exceed pi/10" task).
  constant Real pi = 3.14159265358979323846;
  parameter Real m = 1.5 "mass in kg";
  parameter Real k = 0.9 "damping in kg/s";
  parameter Real l = 1 "rope length in m";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real phi0 = pi/4;
  parameter Real w0 = 15 "initial angular velocity in 1/s";
  parameter Real eps = 1e-10 "relative band of the rope-taut condition";
  Real phi(start = phi0, fixed = true) "angle from the upward vertical";
  Real w(start = w0, fixed = true) "angular velocity";
  Real x(start = 0, fixed = true);
  Real vx(start = 0, fixed = true);
  Real y(start = 0, fixed = true);
  Real vy(start = 0, fixed = true);
  Real F "rope force (41)";
  Boolean swinging(start = true);
  Integer turns(start = 0) "turning points (phi' = 0)";
  discrete Real amplitude(start = 0) "|phi - pi| (mod 2 pi) at the last turning point";
equation
  F = -g*m*cos(phi) + m*l*w^2;
  der(phi) = if swinging then w else 0;
  der(w) = if swinging then -(k/m)*w + (g/l)*sin(phi) else 0;
  der(x) = if swinging then 0 else vx;
  der(vx) = if swinging then 0 else -(k/m)*vx;
  der(y) = if swinging then 0 else vy;
  der(vy) = if swinging then 0 else -g - (k/m)*vy;
  // The falling phase starts on the circle (x^2 + y^2 = l^2 up to rounding) moving inwards, so
  // the rope-taut relation is tangent to zero at its start: the band eps (1e-10 of l^2, a
  // delay of about 1e-11 s at the radial speed of 3.9 m/s at 'S') keeps rounding from
  // deciding it.
  when F < 0 and pre(swinging) then
    swinging = false;
    reinit(x, l*sin(phi));
    reinit(y, l*cos(phi));
    reinit(vx, l*cos(phi)*w);
    reinit(vy, -l*sin(phi)*w);
  elsewhen x*x + y*y > l*l*(1 + eps) and not pre(swinging) then
    swinging = true;
    reinit(phi, atan2(x, y));
    reinit(w, (y*vx - x*vy)/(l*l));
  end when;
  when {w < 0, w > 0} then
    turns = pre(turns) + 1;
    amplitude = abs(mod(phi, 2*pi) - pi);
  end when;
  annotation(experiment(StopTime = 7.7, Tolerance = 1e-10, Interval = 0.01));
end C21Pendulum;
