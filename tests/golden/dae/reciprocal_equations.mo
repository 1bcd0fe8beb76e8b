// An equation whose unknown sits linearly in a denominator is solved for it, not left to
// Newton's method: `R_m = 1/G_m` gives G_m := 1/R_m (the FluxTubes leakage permeances, whose
// Newton start G_m = 0 makes the residual infinite), and `y = k/(2*x + 1)` gives x.
model ReciprocalEquations
  parameter Real k = 3;
  Real R_m = 2 + time;
  Real G_m;
  Real x, y = 1 + time;
equation
  R_m = 1/G_m;
  y = k/(2*x + 1);
end ReciprocalEquations;
// CHECK: blocks (4, 0 algebraic loops):
// CHECK: G_m := 1/R_m
// CHECK: x := -(1.0 - k/y)/2.0
