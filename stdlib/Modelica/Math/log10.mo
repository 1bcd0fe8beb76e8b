within Modelica.Math;
function log10 "Base 10 logarithm (u shall be > 0)"
  input Real u "Independent variable";
  output Real y "Dependent variable y = lg(u)";
external "builtin" y = log10(u);
end log10;
