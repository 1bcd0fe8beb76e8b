within Modelica.Math;
function cosh "Hyperbolic cosine"
  input Real u "Independent variable";
  output Real y "Dependent variable y = cosh(u)";
external "builtin" y = cosh(u);
end cosh;
