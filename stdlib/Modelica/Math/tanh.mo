within Modelica.Math;
function tanh "Hyperbolic tangent"
  input Real u "Independent variable";
  output Real y "Dependent variable y = tanh(u)";
external "builtin" y = tanh(u);
end tanh;
