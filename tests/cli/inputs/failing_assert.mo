model FailingAssert "x grows until an assertion stops the run at t = ln 2"
  Real x(start = 1, fixed = true);
equation
  der(x) = x;
  assert(x < 2, "x left its range");
  annotation(experiment(StopTime = 1, Interval = 0.1));
end FailingAssert;
