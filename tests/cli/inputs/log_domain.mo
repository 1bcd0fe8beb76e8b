// x = 3.005 - t falls below 2 at t = 1.005, after which log(x - 2) has no value: the run stops
// at the next output point, t = 1.01, with exit code 3, naming y, and keeps the rows before it.
model LogDomain
  Real x(start = 3.005, fixed = true);
  Real y;
equation
  der(x) = -1;
  y = log(x - 2);
  annotation(experiment(StopTime = 2, Interval = 0.01));
end LogDomain;
