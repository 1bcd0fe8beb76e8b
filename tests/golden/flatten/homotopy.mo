// homotopy(actual, simplified) stays an operator in the flat model (MLS 3.7.4.4), with its
// arguments by position or by name, element-wise on arrays.
model Homotopy
  parameter Real k = 2;
  Real x(start = 1), y[2], z;
equation
  0 = homotopy(x^3 - x - 0.1, x - 1.5);
  y = homotopy(simplified = {x, 2*x}, actual = {sin(x), cos(x)});
  z = homotopy(actual = k*x^2, simplified = k);
end Homotopy;
// CHECK: equation
// CHECK-NEXT: 0 = homotopy(x ^ 3 - x - 0.1, x - 1.5);
// CHECK-NEXT: y[1] = homotopy(sin(x), x);
// CHECK-NEXT: y[2] = homotopy(cos(x), 2 * x);
// CHECK-NEXT: z = homotopy(k * x ^ 2, k);
