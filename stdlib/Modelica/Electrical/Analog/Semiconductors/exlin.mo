within Modelica.Electrical.Analog.Semiconductors;
function exlin "Exponential function continued linearly (with matching slope) for x > Maxexp"
  input Real x "Argument";
  input Real Maxexp "Argument above which the function is continued linearly";
  output Real z "exp(x) for x <= Maxexp, else exp(Maxexp)*(1 + x - Maxexp)";
algorithm
  z := if x > Maxexp then exp(Maxexp)*(1 + x - Maxexp) else exp(x);
  annotation(derivative = exlin_der);
end exlin;
