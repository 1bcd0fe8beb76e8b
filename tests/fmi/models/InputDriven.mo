model InputDriven "Integrates its input: x(t) is the integral of u, y = 2 x"
  input Real u(start = 1, unit = "m/s") "speed given from outside";
  Real x(start = 0, fixed = true, unit = "m") "position";
  output Real y(unit = "m") "twice the position";
equation
  der(x) = u;
  y = 2*x;
  annotation(experiment(StopTime = 2, Interval = 0.25, Tolerance = 1e-8));
end InputDriven;
