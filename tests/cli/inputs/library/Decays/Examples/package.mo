within Decays;
package Examples
  model Exponential "x = 2 exp(-k t) with k = 3"
    parameter Real k = 3;
    Real x(start = 2, fixed = true);
  equation
    der(x) = -k * x;
    annotation(experiment(StopTime = 1, Interval = 0.1, Tolerance = 1e-10));
  end Exponential;
end Examples;
