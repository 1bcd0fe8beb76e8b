within Modelica.Math;
function log "Natural (base e) logarithm (u shall be > 0)"
  input Real u "Independent variable";
  output Real y "Dependent variable y = ln(u)";
external "builtin" y = log(u);
end log;
