within Modelica.Math;
function asinh "Inverse of sinh (area hyperbolic sine)"
  input Real u "Independent variable";
  output Real y "Dependent variable y = asinh(u)";
algorithm
  // Written for negative u through symmetry, so that u + sqrt(u*u + 1) never cancels
  if u >= 0 then
    y := Modelica.Math.log(u + sqrt(u*u + 1));
  else
    y := -Modelica.Math.log(-u + sqrt(u*u + 1));
  end if;
end asinh;
