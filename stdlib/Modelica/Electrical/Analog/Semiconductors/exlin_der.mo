within Modelica.Electrical.Analog.Semiconductors;
function exlin_der "Derivative of exlin (MLS 12.7.1): lets Jacobians through diodes be analytic"
  input Real x "Argument";
  input Real Maxexp "Argument above which the function is continued linearly";
  input Real dx "Derivative of x";
  input Real dMaxexp "Derivative of Maxexp";
  output Real dz "Derivative of exlin(x, Maxexp)";
algorithm
  dz := if x > Maxexp then exp(Maxexp)*(dx + (x - Maxexp)*dMaxexp) else exp(x)*dx;
end exlin_der;
