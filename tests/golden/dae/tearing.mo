// A resistive loop with an ideal switch (linear once relations are frozen) and a cubic
// equation (nonlinear): each loop is torn; only Real variables are iterated.
model Loops
  parameter Real R1 = 1, R2 = 2, Ron = 1e-5, Goff = 1e-5, C = 1e-3;
  Real uC(start = 1, fixed = true), i, v, s, u1, u2, y;
  Boolean off;
equation
  C*der(uC) = i;
  u1 = R1*i;
  u2 = R2*(i - u1/R2) + v;
  u1 + u2 + uC = sin(time);
  off = s < 0;
  v = s*(if off then 1 else Ron);
  i = s*(if off then Goff else 1);
  y*y*y + y = time;
end Loops;
// CHECK: blocks (3, 2 algebraic loops):
// CHECK-NEXT: linear system of 6 equations, torn to 2: u1, s
// CHECK: off := $rel0(s < 0)
// CHECK: jacobian: 4 nonzeros
// CHECK-NEXT: der(uC) := i/C
// CHECK-NEXT: nonlinear system of 1 equation, torn to 1: y
// CHECK-NEXT: 0 = y*y*y + y - time
// CHECK: zero-crossings and relations (1):
// CHECK-NEXT: $rel0 state-event s < 0
