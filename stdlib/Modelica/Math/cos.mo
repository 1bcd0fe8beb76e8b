within Modelica.Math;
function cos "Cosine"
  input SI.Angle u "Independent variable";
  output Real y "Dependent variable y = cos(u)";
external "builtin" y = cos(u);
end cos;
