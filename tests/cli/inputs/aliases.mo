// A decay with an alias (y = x), a negated alias (z = -x) and two parameters, for the result
// formats: the MAT file stores y and z in x's row, z negated; k and x0 go to data_1.
model Aliases
  parameter Real k = 2 "decay rate";
  parameter Real x0 = 1;
  Real x(start = x0, fixed = true) "the state";
  Real y "equal to x";
  Real z "equal to -x";
  Real w "not an alias";
  Boolean low "x below one half";
equation
  der(x) = -k * x;
  y = x;
  z = -x;
  w = x * x;
  low = x < 0.5;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end Aliases;
