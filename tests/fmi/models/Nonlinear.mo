model Nonlinear "der(x) = -x y, der(y) = x^2: a Jacobian with every entry known in closed form"
  Real x(start = 2, fixed = true);
  Real y(start = 1, fixed = true);
  output Real z "x + 3 y";
  parameter Real stopAt = 0.5 "terminate() after this time";
equation
  der(x) = -x*y;
  der(y) = x^2;
  z = x + 3*y;
  when time > stopAt then
    terminate("stopAt reached");
  end when;
end Nonlinear;
