within Modelica.Math;
function atan2 "Four quadrant inverse tangent: the angle of the point (u2, u1)"
  input Real u1 "First independent variable (the sine side)";
  input Real u2 "Second independent variable (the cosine side)";
  output SI.Angle y "Dependent variable y = atan2(u1, u2), in [-pi, pi]";
external "builtin" y = atan2(u1, u2);
end atan2;
