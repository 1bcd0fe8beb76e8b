// ARGESIM C21, case 1 (bouncing ball): compensating the missing air resistance of the linear
// model by an initial velocity v0 = delta.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.3, "compensation of linear model deviation": simulate the nonlinear model (10)
// (beta = 0.002 1/m) and the linear model (11), x0 = 10 m, mu = 0.9, g = 9.81 m/s2,
// t_end = 30 s, and try to compensate the linear model's too late bounce times by an initial
// velocity v0 = delta.
//
// Both balls are instances of EventContactRest.mo (event 'B', rest below the rebound speed
// vmin = 1e-3 m/s), simulated side by side; run with --lib <this folder>.
//
// Choice of delta (closed form). The linear ball thrown with v0 = delta (upwards positive)
// lands first at (delta + w)/g with w = sqrt(delta^2 + 2 g x0), and its flights are
// 2 mu^j w/g, so its bounces accumulate at t_inf(delta) = (delta + a w)/g, a = (1 + mu)/(1 - mu).
// Any delta != 0, up or down, adds energy: the flights only get longer. Throwing the ball down
// makes the first landing earlier, though, and t_inf(delta) is smallest at delta/w = -1/a:
//   delta* = -sqrt(2 g x0/(a^2 - 1)) = -0.738 m/s, t_inf(delta*) = sqrt(2 g x0 (a^2 - 1))/g,
// only 0.038 s below t_inf(0) = 27.129 s, while the drag ball's bounces accumulate at
// 25.589 s. No initial velocity compensates the drag (its loss grows over the first some 15
// bounces, and an initial velocity cannot take energy away); delta* is the best one can do for
// the late bounces, which are most of them. The run script tabulates the bounce times of both.
model Compensation "ARGESIM C21 bouncing ball: drag model and linear model with initial velocity delta*"
  parameter Real x0 = 10 "initial height in m";
  parameter Real mu = 0.9 "coefficient of restitution";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real a = (1 + mu)/(1 - mu) "t_inf = (v0 + a w)/g for the linear ball";
  parameter Real delta = -sqrt(2*g*x0/(a^2 - 1)) "initial velocity minimising t_inf of the linear ball, m/s";
  EventContactRest drag(x0 = x0, mu = mu, g = g, beta = 0.002) "model (10) from rest";
  EventContactRest linear(x0 = x0, mu = mu, g = g, beta = 0, v0 = delta) "model (11) with v0 = delta";
  annotation(experiment(StopTime = 30, Tolerance = 1e-12, Interval = 0.01));
end Compensation;
