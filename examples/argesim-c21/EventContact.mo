// ARGESIM C21, case 1 (bouncing ball): the event-contact model, implemented straightforwardly.
//
// Source: Koerner & Breitenecker, "State Events and Structural-dynamic Systems: Definition of
// ARGESIM Benchmark C21", SNE 26(2), 2016 (../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.1: free fall with air resistance, eq. (10), x' = v, v' = -g - beta v^2 sign(v)
// (beta = 0 gives the linear model (11)); the event 'B' Bounce, eq. (12)-(13): when x falls
// through 0, v := -mu v (a state change event SE-X). v^2 sign(v) is written v abs(v): the same
// function, continuously differentiable, so it needs no event at the apex (abs is not
// event-generating, MLS 3.7.1).
//
// Nothing stops the bounces: they accumulate at t_B,inf (eq. 16; 27.129 s for beta = 0,
// 25.589 s for beta = 0.002) before t_end = 30 s. This is the model of the task "simulation
// until last bounce" without scattering prevention: mocc detects the accumulation and stops
// there (exit code 3); with --zeno continue the ball falls through the floor (the scattering of
// the definition's Figure 7). EventContactRest.mo adds the strategy against it.
//
// Parameters (section 2.3): x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2, beta = 0.002 1/m
// (run the linear model with --override beta=0), t_end = 30 s.
model EventContact "ARGESIM C21 bouncing ball, event contact (eq. 10-13), no stop rule"
  parameter Real x0 = 10 "initial height in m";
  parameter Real v0 = 0 "initial velocity in m/s (upwards positive)";
  parameter Real mu = 0.9 "coefficient of restitution";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real beta = 0.002 "air resistance coefficient in 1/m (0: the linear model)";
  Real x(start = x0, fixed = true) "height of the bottom of the ball in m";
  Real v(start = v0, fixed = true) "velocity in m/s";
  Integer bounces(start = 0, fixed = true) "number of bounce events";
equation
  der(x) = v;
  der(v) = -g - beta*v*abs(v);
  when x < 0 then
    // event 'B' (12), (13)
    reinit(v, -mu*pre(v));
    bounces = pre(bounces) + 1;
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end EventContact;
