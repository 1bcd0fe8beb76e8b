// x = 1 - t falls below 0 at t = 1, where der(z) = sqrt(x) has no value: the integrator's
// right-hand side fails there, and the run stops with exit code 3 naming der(z) and its
// equation, keeping the rows before (z = (2/3)(1 - (1 - t)^1.5)).
model SqrtDerivative
  Real x(start = 1, fixed = true);
  Real z(start = 0, fixed = true);
equation
  der(x) = -1;
  der(z) = sqrt(x);
  annotation(experiment(StopTime = 2, Interval = 0.25, Tolerance = 1e-8));
end SqrtDerivative;
