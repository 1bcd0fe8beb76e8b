within Modelica.Math;
function acos "Inverse cosine (-1 <= u <= 1)"
  input Real u "Independent variable";
  output SI.Angle y "Dependent variable y = acos(u), in [0, pi]";
external "builtin" y = acos(u);
end acos;
