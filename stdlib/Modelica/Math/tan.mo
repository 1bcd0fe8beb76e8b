within Modelica.Math;
function tan "Tangent (u shall not be -pi/2, pi/2, 3*pi/2, ...)"
  input SI.Angle u "Independent variable";
  output Real y "Dependent variable y = tan(u)";
external "builtin" y = tan(u);
end tan;
