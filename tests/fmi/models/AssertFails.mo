model AssertFails "an assertion that fails at t = 0.5"
  Real x(start = 1, fixed = true);
equation
  der(x) = -1;
  assert(x > 0.5, "x fell below 0.5");
  annotation(experiment(StopTime = 1));
end AssertFails;
