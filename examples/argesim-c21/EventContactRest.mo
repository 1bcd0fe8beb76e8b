// ARGESIM C21, case 1 (bouncing ball): the event-contact model with a strategy against event
// scattering near t_B,inf.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// sections 2.1 and 2.3: free fall (10)/(11), event 'B' Bounce (12)-(13), and the task
// "simulation until last bounce - scattering prevention": stop bouncing before the 'last'
// event. The strategy here: at each bounce, if the rebound speed mu |v| would be below vmin,
// the ball comes to rest instead (v := 0 and der(v) = 0 from then on: a parameter change event
// SE-P switching the dynamics). With mu = 0.9 the rebound speeds fall by 0.9 per bounce, so the
// rule cuts the infinite series after a finite, computable number of bounces: for the linear
// model with vmin = 1e-3 m/s the ball rests at bounce 91 (rebound speeds 1.07e-3 m/s after
// bounce 90 and 9.6e-4 m/s after bounce 91), 2.7e-3 s before t_B,inf, and no further event
// happens. The last flight's apex is vmin^2/(2g) = 5e-8 m, 5e4 times the absolute tolerance
// 1e-12, so every flight the rule lets happen is resolved by the integrator. (The position
// error of a flight, some 10 tolerances, changes the next landing speed w by g dx/w: at
// tolerance 1e-10 that is 1e-5 m/s at the last bounces, 1 %; hence the tolerance 1e-12.)
//
// The output trace tInf estimates t_B,inf at every bounce as the time plus the remaining flights
// of the linear model, 2 mu w/(g (1 - mu)) for the landing speed w (eq. 15/16). For beta = 0 it
// is t_B,inf (16) at every bounce; with air resistance it converges to the true accumulation time
// as the speeds fall (the drag's relative effect on a flight is about beta w^2/g).
//
// Parameters (section 2.3): x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2, beta = 0.002 1/m
// (--override beta=0 for the linear model), vmin = 1e-3 m/s, t_end = 30 s; tolerance 1e-12.
model EventContactRest "ARGESIM C21 bouncing ball, event contact, resting below a minimum rebound speed"
  parameter Real x0 = 10 "initial height in m";
  parameter Real v0 = 0 "initial velocity in m/s (upwards positive)";
  parameter Real mu = 0.9 "coefficient of restitution";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real beta = 0.002 "air resistance coefficient in 1/m (0: the linear model)";
  parameter Real vmin = 1e-3 "minimum rebound speed in m/s: below it the ball rests";
  Real x(start = x0, fixed = true) "height of the bottom of the ball in m";
  Real v(start = v0, fixed = true) "velocity in m/s";
  Boolean resting(start = false, fixed = true) "the ball lies on the floor";
  Integer bounces(start = 0, fixed = true) "number of bounce events (the last one stops the ball)";
  discrete Real tLast(start = 0, fixed = true) "time of the last bounce in s";
  discrete Real tInf(start = 0, fixed = true) "estimate of t_B,inf at the last bounce in s";
equation
  der(x) = v;
  der(v) = if resting then 0 else -g - beta*v*abs(v);
  when x < 0 then
    // event 'B' (12), (13), and the rest rule
    resting = mu*abs(pre(v)) < vmin;
    reinit(v, if mu*abs(pre(v)) < vmin then 0 else -mu*pre(v));
    bounces = pre(bounces) + 1;
    tLast = time;
    tInf = time + 2*mu*abs(pre(v))/(g*(1 - mu));
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-12, Interval = 0.01));
end EventContactRest;
