// delay() (MLS 3.7.4.2): without delayMax the delay time must be a parameter expression, with
// it delayMax must be; 0 <= delayTime <= delayMax where both are constants; the delayed
// expression is a number, the delay times scalars; never in a function (MLS 12.2).
model M
  function f
    input Real u;
    output Real y;
  algorithm
    y := delay(u, 1);
  end f;
  Real x = sin(time);
  Real a = 1.0, b = 2.0;
  parameter Real p = 1;
  Real y1 = delay(x, a);
  Real y2 = delay(x, a, b);
  Real y3 = delay(x, 5.5, 1.0);
  Real y4 = delay(x, -1);
  Real y5 = delay(x);
  Real y6 = delay(x, {1, 2});
  Real y7 = delay(true, 1);
  Real y8 = f(x);
  Real y9 = delay(x, p, -2);
  Real y10 = delay(x, delayTime = 1);
end M;
// CHECK-DAG: fail_delay.mo:14:22: error[E0408]: the delayTime of delay(expr, delayTime) must be a parameter expression; a delay time that changes needs delayMax as a third argument (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:15:25: error[E0408]: the delayMax of delay() must be a parameter expression (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:16:22: error[E0407]: the delayTime of delay() is 5.5, more than its delayMax 1 (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:17:22: error[E0407]: the delayTime of delay() is -1, but it must not be negative (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:18:13: error[E0406]: 'delay' takes 2 to 3 arguments, but 1 was given
// CHECK-DAG: fail_delay.mo:19:22: error[E0405]: the delayTime of delay() must be a Real scalar (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:20:19: error[E0405]: the expression of delay() must be Real or Integer, but it is Boolean
// CHECK-DAG: fail_delay.mo:9:10: error[E0407]: delay() cannot be used in a function (MLS 12.2)
// CHECK-DAG: fail_delay.mo:22:25: error[E0407]: the delayMax of delay() is -2, but it must not be negative (MLS 3.7.4.2)
// CHECK-DAG: fail_delay.mo:23:23: error[E0406]: 'delay' takes no named arguments
