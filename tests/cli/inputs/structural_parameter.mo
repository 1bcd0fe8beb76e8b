// n sizes an array and k asks to be evaluated during translation (MLS 18.3): their values are
// compiled in, so --override n=3 and --override k=1 are refused (exit 2).
model StructuralParameter
  parameter Integer n = 2;
  parameter Real k = 2 annotation(Evaluate = true);
  Real x[n](each start = 1, each fixed = true);
equation
  der(x) = -k*x;
end StructuralParameter;
