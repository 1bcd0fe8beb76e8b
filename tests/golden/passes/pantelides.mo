// pantelides differentiates the constraint of two coupled states (x1 = x2): one of them
// becomes a dummy state and its derivative a dummy derivative (Mattsson and Soederlind).
// ARGS: --print-after pantelides
model Pantelides
  Real x1(start = 1, fixed = true);
  Real x2;
  Real f;
equation
  der(x1) = -x1 + f;
  der(x2) = -2 * x2 - f;
  x1 = x2;
end Pantelides;
// CHECK-LABEL: --- after pantelides ---
// CHECK: state x1 (start 1)
// CHECK-NEXT: dummy state x2
// CHECK-NEXT: algebraic f
// CHECK-NEXT: derivative der(x1)
// CHECK-NEXT: dummy derivative der(x2)
// CHECK: x1 = x2  // {{.*}}pantelides.mo:11:3
// CHECK-NEXT: der(x1) = der(x2)  (d/dt of equation 3)  // {{.*}}pantelides.mo:11:3
// CHECK: Pantelides: simulated from 0 to 1
