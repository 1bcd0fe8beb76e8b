// '/' divides by a scalar (MLS 10.6.5); arrays divide element-wise with './'. Each error is
// shown once, although the binding is lowered for its size and for its value.
model M
  Real ok[3] = {1, 2, 3} ./ {1, 2, 3};
  Real scaled[3] = {1, 2, 3} / 2;
  Real wrong[3] = {1, 2, 3} / {1, 2, 3};
end M;
// CHECK: fail_array_division.mo:6:19: error[E0405]: '/' divides by a scalar only, but the divisor is an array of size [3]; use './' for element-wise division (MLS 10.6.5)
// CHECK-NOT: error:
