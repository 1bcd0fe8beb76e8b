within Modelica.Math;
function atan "Inverse tangent"
  input Real u "Independent variable";
  output SI.Angle y "Dependent variable y = atan(u), in (-pi/2, pi/2)";
external "builtin" y = atan(u);
end atan;
