// homotopy() through the backend (MLS 3.7.4.4): a nonlinear loop keeps it in its residual, and
// index reduction differentiates x1 = homotopy(x2^2, x2) into
// der(x1) = homotopy(2 x2 der(x2), der(x2)): the homotopy of the derivatives.
model Homotopy
  Real x1, x2(start = 1, fixed = true), v, z(start = 0);
equation
  der(x1) = v;
  der(x2) = -x2 + z;
  x1 = homotopy(actual = x2^2, simplified = x2);
  0 = homotopy(actual = z^3 - z - 0.1, simplified = z - 1.5);
end Homotopy;
// CHECK: differentiated equations (1):
// CHECK-NEXT: der(x1) = homotopy(2*x2*der(x2), der(x2))  (d/dt of x1 = homotopy(x2^2, x2))
// CHECK: nonlinear system of 1 equation, torn to 1: z
// CHECK-NEXT: 0 = -homotopy(z^3 - z - 0.1, z - 1.5)
// CHECK: x1 := homotopy(x2^2, x2)
// CHECK-NEXT: der(x1) := homotopy(2*x2*der(x2), der(x2))
// CHECK: initialization Homotopy: 5 unknowns, 5 equations
// CHECK-NEXT: nonlinear system of 1 equation, torn to 1: z
// CHECK-NEXT: 0 = -homotopy(z^3 - z - 0.1, z - 1.5)
