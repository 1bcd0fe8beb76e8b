// x = 1 - t: at t = 0.55 the expression below leaves its domain (MLS 3.7.1: an error like a
// failed assertion); the run stops with exit code 3 naming y and this file's line 8.
model Domain
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -1;
  y = (x - 0.45) ^ 0.5;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end Domain;
