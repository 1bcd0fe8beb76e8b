// A delay differential equation, x' = -x(t - 1) with x(0) = 1, where x(t - 1) is x(0) for
// t <= 1 (MLS 3.7.4.2). By the method of steps: x = 1 - t on [0, 1],
// x = 3/2 - 2 t + t^2/2 on [1, 2], and x = 1/6 - 3/2 w + w^2 - w^3/6 with w = t - 1 on [2, 3].
model DelayDifferentialEquation
  Real x(start = 1, fixed = true);
equation
  der(x) = -delay(x, 1);
  annotation(experiment(StartTime = 0, StopTime = 3, Interval = 0.01, Tolerance = 1e-8));
end DelayDifferentialEquation;
