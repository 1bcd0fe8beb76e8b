within Modelica.Math;
function sin "Sine"
  input SI.Angle u "Independent variable";
  output Real y "Dependent variable y = sin(u)";
external "builtin" y = sin(u);
end sin;
