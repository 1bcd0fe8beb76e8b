// Homotopy-based initialization (MLS 3.7.4.4) selects the branch of an algebraic equation with
// three solutions: x^3 - x - 0.1 = 0 has the roots -0.9456, -0.1010 and 1.0467
// (HomotopyBranch_roots.py). Newton from the start value 0 finds -0.1010; the simplified
// problem x - 1.5 = 0 has the solution 1.5, and along
// lambda * (x^3 - x - 0.1) + (1 - lambda) * (x - 1.5) = 0 the derivative with respect to x is
// positive for x > 1/sqrt(3), where the residual at x = 1/sqrt(3) is negative for every lambda
// in [0, 1]: the path from 1.5 stays there and ends at the largest root. x stays at it during
// the simulation (its loop warm-starts from the current value); y integrates towards it.
model HomotopyBranch
  Real x(start = 0);
  Real y(start = 0, fixed = true);
equation
  0 = homotopy(actual = x^3 - x - 0.1, simplified = x - 1.5);
  der(y) = x - y;
  annotation(experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-8, Interval = 0.01));
end HomotopyBranch;
