// sort orders the equations (BLT), solves each for its unknown and tears the algebraic loop
// of y and z into a System step with one iteration variable.
// ARGS: --print-after sort
model Sort
  Real x(start = 1, fixed = true);
  Real y;
  Real z;
equation
  der(x) = -y;
  y + sin(z) = x;
  z = y + cos(y);
end Sort;
// y = -der(x) is an alias by then, so the loop is z with der(x) computed inside it.
// CHECK-LABEL: --- after sort ---
// CHECK-NEXT: schedule Sort
// CHECK-NEXT: nonlinear system of 2 equations, torn to 1: z
// CHECK-NEXT: der(x) := sin(z) - x
// CHECK-NEXT: 0 = z - (-der(x) + cos(-der(x)))
// CHECK-NEXT: jacobian: 1 nonzero
// CHECK-NEXT: ode jacobian: 1 nonzero
// CHECK: Sort: simulated from 0 to 1
