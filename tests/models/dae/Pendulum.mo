model Pendulum "A planar pendulum in Cartesian coordinates (an index-3 DAE), released from rest at the horizontal"
  parameter Real L = 1 "length in m";
  parameter Real m = 1 "mass in kg";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  Real x(start = 1) "horizontal position in m";
  Real y(start = 0) "vertical position in m (up)";
  Real vx "horizontal velocity in m/s";
  Real vy "vertical velocity in m/s";
  Real lambda "rod force per unit length in N/m";
initial equation
  y = 0;
  vy = 0;
equation
  der(x) = vx;
  der(y) = vy;
  m * der(vx) = -lambda * x;
  m * der(vy) = -lambda * y - m * g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.01));
end Pendulum;
