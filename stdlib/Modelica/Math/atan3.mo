within Modelica.Math;
function atan3 "Four quadrant inverse tangent, choosing the branch closest to a given angle y0"
  input Real u1 "First independent variable (the sine side)";
  input Real u2 "Second independent variable (the cosine side)";
  input SI.Angle y0 = 0 "Reference angle: the result satisfies -pi < y - y0 <= pi";
  output SI.Angle y "atan2(u1, u2) + 2*k*pi with the integer k that brings y closest to y0";
protected
  SI.Angle y1 "Principal value";
algorithm
  y1 := Modelica.Math.atan2(u1, u2);
  // -pi < y1 + 2*pi*k - y0 <= pi  <=>  k = floor((y0 - y1 + pi)/(2*pi))
  y := y1 + 2*Modelica.Constants.pi*floor((y0 - y1 + Modelica.Constants.pi)/(2*Modelica.Constants.pi));
end atan3;
