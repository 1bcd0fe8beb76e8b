model C21BouncingBall "ARGESIM C21 bouncing ball, event contact, linear model, with scattering prevention"
  // Seed 003, section 2.1 and 2.3: free fall (11), bounce 'B' (12)-(13) with restitution mu,
  // and the strategy against event scattering near t_inf (16) that the benchmark suggests: the
  // event 'M' Maximal Height (23) measures the height of each flight; once a flight's apex is
  // below hmin the ball lands one last time and rests (a parameter change of the dynamics).
  parameter Real x0 = 10 "initial height in m";
  parameter Real v0 = 0 "initial velocity in m/s";
  parameter Real mu = 0.9 "coefficient of restitution";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real hmin = 5e-9 "critical maximal height in m (stops after bounce 102)";
  Real x(start = x0, fixed = true) "height of the ball in m";
  Real v(start = v0, fixed = true) "velocity in m/s";
  Boolean lastFlight(start = false) "the apex of the current flight was below hmin";
  Boolean resting(start = false) "the ball lies on the ground";
  Integer bounces(start = 0) "number of bounce events";
  discrete Real apex(start = x0) "height at the last event 'M'";
equation
  der(x) = v;
  der(v) = if resting then 0 else -g;
  when v < 0 then
    // event 'M': the velocity falls through zero at the top of a flight
    apex = x;
    lastFlight = x < hmin;
  end when;
  when x < 0 then
    // event 'B'
    reinit(v, if pre(lastFlight) then 0 else -mu*pre(v));
    resting = pre(lastFlight);
    bounces = pre(bounces) + 1;
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-12, Interval = 0.05));
end C21BouncingBall;
