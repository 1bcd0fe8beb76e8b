// ARGESIM C21, case 1 (bouncing ball): the accuracy of event handling over the first 100
// bounces of the linear event-contact model.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.3, "testing accuracy of event handling": the linear model (11) with the bounce
// (12)-(13), x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2; compare the simulated bounce times
// with the exact ones, eq. (15), t_B,m = sqrt(2 x0/g) (-1 + 2 sum_{i<m} mu^i)
// = sqrt(2 x0/g) (-1 + 2 (1 - mu^m)/(1 - mu)), and plot dt_m = t_B,m - t^_B,m over m.
//
// As the definition suggests, each bounce is also an output trace event (SE-O): it counts
// the bounces and records dt_m in the discrete variable dt. Event scattering near t_B,inf is
// prevented as in EventContactRest.mo, by resting once the rebound speed would fall below vmin:
// with vmin = 1e-4 m/s the ball rests at bounce 113 (rebound speeds 1.05e-4 m/s after bounce
// 112, 9.5e-5 m/s after bounce 113), beyond the 100 bounces asked for.
//
// Parameters: x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2, vmin = 1e-4 m/s; t_end = 30 s,
// tolerance 1e-12 (the run script repeats the run at 1e-6 ... 1e-12 and with other solvers).
model HundredBounces "ARGESIM C21 bouncing ball, linear event contact: bounce-time deviations from eq. (15)"
  parameter Real x0 = 10 "initial height in m";
  parameter Real mu = 0.9 "coefficient of restitution";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real vmin = 1e-4 "minimum rebound speed in m/s: below it the ball rests";
  parameter Real t1 = sqrt(2*x0/g) "time of the first bounce in s, eq. (15) for m = 1";
  Real x(start = x0, fixed = true) "height of the ball in m";
  Real v(start = 0, fixed = true) "velocity in m/s";
  Boolean resting(start = false, fixed = true) "the ball lies on the floor";
  Integer bounces(start = 0, fixed = true) "number of bounce events m";
  discrete Real tExact(start = 0, fixed = true) "t_B,m of eq. (15) in s";
  discrete Real dt(start = 0, fixed = true) "t_B,m - (simulated bounce time) in s";
equation
  der(x) = v;
  der(v) = if resting then 0 else -g;
  when x < 0 then
    resting = mu*abs(pre(v)) < vmin;
    reinit(v, if mu*abs(pre(v)) < vmin then 0 else -mu*pre(v));
    bounces = pre(bounces) + 1;
    tExact = t1*(-1 + 2*(1 - mu^bounces)/(1 - mu));
    dt = tExact - time;
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-12, Interval = 0.01));
end HundredBounces;
