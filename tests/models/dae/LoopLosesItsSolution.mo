model LoopLosesItsSolution "A nonlinear loop whose root disappears: exp(z) + z^2 has its minimum 0.8272 at z = -0.3517, so after time 1.1728 no z solves it"
  Real x(start = 0, fixed = true);
  Real z(start = 0);
equation
  der(x) = z;
  exp(z) + z^2 = 2 - time;
  annotation(experiment(StopTime = 2, Tolerance = 1e-8, Interval = 0.01));
end LoopLosesItsSolution;
