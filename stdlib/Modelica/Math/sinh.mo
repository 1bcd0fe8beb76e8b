within Modelica.Math;
function sinh "Hyperbolic sine"
  input Real u "Independent variable";
  output Real y "Dependent variable y = sinh(u)";
external "builtin" y = sinh(u);
end sinh;
