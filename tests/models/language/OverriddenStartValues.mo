// --override NAME=VALUE sets the start value of a variable (README): for a state with
// fixed = true it is the initial value (MLS 8.6), whether the start is a literal (y) or an
// expression of parameters (x). A start that reads a parameter the initialization computes
// (q, fixed = false) is still computed there: w starts at q = 4. With x = 2 and y = 3 given:
// x = 2 exp(-t), y = 3 exp(-t), w = 4 exp(-t).
model OverriddenStartValues
  parameter Real half = 0.5;
  parameter Real q(fixed = false);
  Real x(start = 2*half, fixed = true);
  Real y(start = 1, fixed = true);
  Real w(start = q, fixed = true);
initial equation
  q = 4;
equation
  der(x) = -x;
  der(y) = -y;
  der(w) = -w;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end OverriddenStartValues;
