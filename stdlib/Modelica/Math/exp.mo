within Modelica.Math;
function exp "Exponential, base e"
  input Real u "Independent variable";
  output Real y "Dependent variable y = exp(u)";
external "builtin" y = exp(u);
end exp;
