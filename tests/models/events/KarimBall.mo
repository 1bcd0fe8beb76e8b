model KarimBall "Karim's spring-contact bouncing ball (seed 000, section 5.1, Table 2 parameters)"
  // (74): free fall while h = y - r > 0, undamped spring contact while h <= 0. The contact force
  // k (r - y) is zero at both switching points, so the right-hand side is continuous and only
  // its derivative jumps. Without damping every flight and contact are alike
  // (karim_ball_reference.py).
  parameter Real h0 = 5 "initial ball position in m";
  parameter Real v0 = -2.5 "initial velocity in m/s";
  parameter Real m = 200 "mass of ball in kg";
  parameter Real r = 2.5 "radius of ball in m";
  parameter Real k = 1.0e4 "spring constant in N/m";
  parameter Real g = 9.80665 "acceleration of gravity in m/s2";
  Real y(start = h0, fixed = true) "altitude of the centre of the ball";
  Real v(start = v0, fixed = true);
  Boolean contact "h(t) <= 0";
equation
  contact = y - r <= 0;
  der(y) = v;
  m*der(v) = if contact then -k*(y - r) - m*g else -m*g;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 0.01));
end KarimBall;
