// der() of an expression (MLS 3.7.4) is its time derivative by the chain rule: with x = 1 + t,
// y = der(x^2 + k time) = 2 x + k = 5 + 2 t, and 2 der(z) = x with z(0) = 0 gives
// z = (t + t^2/2) / 2.
model DerOfExpressions
  Real x(start = 1, fixed = true);
  Real y;
  Real z(start = 0, fixed = true);
  parameter Real k = 3;
equation
  der(x) = 1;
  y = der(x^2 + k * time);
  der(z * 2) = x;
  annotation(experiment(StopTime = 1, Interval = 0.05, Tolerance = 1e-10));
end DerOfExpressions;
