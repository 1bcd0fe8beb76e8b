// A conditional component may be absent, so it is named only in connect-equations, even
// when its condition is true (MLS 4.4.5).
model M
  parameter Boolean present = true;
  Real x = 1 if present;
  Real y;
equation
  y = 2 * x;
end M;
// CHECK: fail_conditional_usage.mo:8:11: error[E0407]: 'x' is a conditional component; it can only be used in connect-equations (MLS 4.4.5)
