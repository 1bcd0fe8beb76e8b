model SpringBall "Karim's undamped spring-contact bouncing ball (seed 000, section 5.1, Table 2)"
  // What: a ball of radius r whose centre is at altitude y falls freely while h = y - r > 0 and
  // is pushed back by an undamped spring of stiffness k while h <= 0 (the seed's model (72)-(74):
  // m v' = -m g in flight, m v' = -k (y - r) - m g in contact; the damping term c v of (71) is
  // eliminated in the seed, section 5.1.1). The contact force k (r - y) is zero at both switching
  // points, so the right-hand side is continuous and only its derivative jumps: the events are
  // state events without reinit. Without damping every flight and every contact are alike, and
  // the event times have a closed form (closed_forms.py).
  // Source: seed 000 (Karim's dissertation), section 5.1, equations (72)-(74), Table 1 (reset
  // map), Table 2 (parameters); the seed's results are Tables 3 and 4 (first, 5th, 10th and 20th
  // event).
  // Parameters (Table 2): h0 = 5 m, v0 = -2.5 m/s, m = 200 kg, r = 2.5 m, k = 1e4 N/m,
  // g = 9.80665 m/s2. Chosen here (the seed is silent): 0 to 20 s, which holds the seed's 20th
  // event (t = 19.13 s); tolerance 1e-10; output interval 0.01 s.
  // A copy of tests/models/events/KarimBall.mo with a stop time past the 20th event.
  parameter Real h0 = 5 "initial ball position in m";
  parameter Real v0 = -2.5 "initial velocity in m/s";
  parameter Real m = 200 "mass of ball in kg";
  parameter Real r = 2.5 "radius of ball in m";
  parameter Real k = 1.0e4 "spring constant in N/m";
  parameter Real g = 9.80665 "acceleration of gravity in m/s2";
  Real y(start = h0, fixed = true) "altitude of the centre of the ball in m";
  Real v(start = v0, fixed = true) "velocity in m/s";
  Boolean contact "h(t) = y - r <= 0 (Table 1)";
equation
  contact = y - r <= 0;
  der(y) = v;
  m*der(v) = if contact then -k*(y - r) - m*g else -m*g;
  annotation(experiment(StopTime = 20, Tolerance = 1e-10, Interval = 0.01));
end SpringBall;
