within Modelica.Math;
function acosh "Inverse of cosh (area hyperbolic cosine, u shall be >= 1)"
  input Real u "Independent variable";
  output Real y "Dependent variable y = acosh(u), >= 0";
algorithm
  assert(u >= 1.0, "Modelica.Math.acosh requires u >= 1, but u = " + String(u));
  y := Modelica.Math.log(u + sqrt(u*u - 1));
end acosh;
