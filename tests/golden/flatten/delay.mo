// delay() stays an operator in the flat model (MLS 3.7.4.2), element-wise on arrays, with two or
// three arguments as written; an Integer expression is delayed as a Real.
model Delays
  parameter Real d = 0.5;
  Real x = sin(time);
  Integer n = integer(time);
  Real v[2] = delay({x, 2 * x}, d);
  Real w = delay(n, 0.1 + 0.1 * x, 0.2);
end Delays;
// CHECK: Real v[1] = delay(x, d);
// CHECK-NEXT: Real v[2] = delay(2 * x, d);
// CHECK-NEXT: Real w = delay(n, 0.1 + 0.1 * x, 0.2);
