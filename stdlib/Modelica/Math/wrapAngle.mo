within Modelica.Math;
function wrapAngle "Wrap an angle to the interval (-pi, pi] or, if positive, to [0, 2*pi)"
  input SI.Angle u "Angle to wrap";
  input Boolean positive = false "If true, wrap to [0, 2*pi), otherwise to (-pi, pi]";
  output SI.Angle y "Wrapped angle";
algorithm
  y := mod(u, 2*Modelica.Constants.pi);
  if not positive and y > Modelica.Constants.pi then
    y := y - 2*Modelica.Constants.pi;
  end if;
end wrapAngle;
