// Arrays (MLS 10): sizes from parameters, for-equations unrolled, array equations and
// matrix products element by element, slices, reductions and constructors.
model Arrays
  parameter Integer n = 3;
  parameter Real a[n] = {1, 2, 3};
  parameter Real A[2, 2] = [1, 2; 3, 4];
  Real x[n](each start = 1);
  Real y[2];
  Real d[n - 1] = x[2:end] - x[1:end - 1];
  Real s = sum(x[i]^2 for i in 1:n);
  Real z[2, 2] = transpose(A) * identity(2);
equation
  for i in 1:n loop
    der(x[i]) = -a[i] * x[i];
  end for;
  y = A * x[1:2];
end Arrays;

// CHECK: class Arrays
// CHECK-NEXT:   parameter Integer n = 3;
// CHECK-NEXT:   parameter Real a[1] = 1;
// CHECK-NEXT:   parameter Real a[2] = 2;
// CHECK-NEXT:   parameter Real a[3] = 3;
// CHECK:   Real x[3](start = 1);
// CHECK:   Real d[1] = x[2] - x[1];
// CHECK-NEXT:   Real d[2] = x[3] - x[2];
// CHECK-NEXT:   Real s = x[1] ^ 2 + x[2] ^ 2 + x[3] ^ 2;
// transpose(A) * identity(2): row 1 of the product is A[1,1], A[2,1]
// CHECK-NEXT:   Real z[1,1] = A[1,1] * 1 + A[2,1] * 0;
// CHECK-NEXT:   Real z[1,2] = A[1,1] * 0 + A[2,1] * 1;
// CHECK: equation
// CHECK-NEXT:   der(x[1]) = -a[1] * x[1];
// CHECK-NEXT:   der(x[2]) = -a[2] * x[2];
// CHECK-NEXT:   der(x[3]) = -a[3] * x[3];
// CHECK-NEXT:   y[1] = A[1,1] * x[1] + A[1,2] * x[2];
// CHECK-NEXT:   y[2] = A[2,1] * x[1] + A[2,2] * x[2];
