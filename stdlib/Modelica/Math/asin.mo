within Modelica.Math;
function asin "Inverse sine (-1 <= u <= 1)"
  input Real u "Independent variable";
  output SI.Angle y "Dependent variable y = asin(u), in [-pi/2, pi/2]";
external "builtin" y = asin(u);
end asin;
