// The Cartesian pendulum (index 3): the constraint is differentiated twice and no fixed
// choice of states stays regular, so two dynamic state sets choose among {y, x} and {vy, vx}.
model Pendulum
  parameter Real L = 1, m = 1, g = 9.81;
  Real x(start = 1), y(start = 0);
  Real vx, vy;
  Real lambda;
initial equation
  y = 0;
  vy = 0;
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -lambda*x;
  m*der(vy) = -lambda*y - m*g;
  x^2 + y^2 = L^2;
end Pendulum;
// CHECK: model Pendulum
// CHECK-NEXT: states (2): $stateSet1.s1, $stateSet2.s1
// CHECK-NEXT: dummy derivatives (6): der(x), der(y), der(vx), der(vy), der(der(x)), der(der(y))
// CHECK-NEXT: dummy states (4): x, y, vx, vy
// CHECK-NEXT: algebraic variables (1): lambda
// CHECK: differentiated equations (4):
// CHECK-NEXT: 2*x*der(x) + 2*y*der(y) = 0.0  (d/dt of x^2 + y^2 = L^2)  // {{.*}}:16:3
// CHECK-NEXT: (d2/dt2 of x^2 + y^2 = L^2)
// CHECK-NEXT: der(der(x)) = der(vx)  (d/dt of der(x) = vx)
// CHECK-NEXT: der(der(y)) = der(vy)  (d/dt of der(y) = vy)
// CHECK-NEXT: state sets (2):
// CHECK-NEXT: set 1: 1 state among vy, vx (initially vy); states $stateSet1.s1
// CHECK: set 2: 1 state among y, x (initially y); states $stateSet2.s1
// CHECK-NEXT: constraint 2*x*der(x) + 2*y*der(y) = 0.0; jacobian [2*y, 2*x]
// CHECK-NEXT: blocks (5, 3 algebraic loops):
// CHECK-NEXT: nonlinear system of 2 equations, torn to 2: x, y
// CHECK: linear system of 4 equations, torn to 2: vx, der(y)
// CHECK: linear system of 5 equations, torn to 1: lambda
// CHECK: initialization Pendulum: 15 unknowns, 15 equations (13 of the model, 2 initial, 0 fixed start, 0 reinit, 0 start fallback)
