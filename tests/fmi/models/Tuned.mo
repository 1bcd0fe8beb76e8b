model Tuned "der(x) = rate with rate = 2 k: a tunable gain, a parameter bound to it, a
  parameter the initialization computes, an alias and a discrete variable that reads the gain"
  parameter Real k = 1 "gain, tunable";
  parameter Real rate = 2*k "bound to the gain";
  parameter Real x0(fixed = false) "computed by the initialization";
  Real x(start = 0, fixed = true);
  Real y "an alias of x";
  output Real z "twice x";
  Boolean fast = k > 2 "changes when the gain is tuned";
initial equation
  x0 = 3*k;
equation
  der(x) = rate;
  y = x;
  z = 2*y;
end Tuned;
