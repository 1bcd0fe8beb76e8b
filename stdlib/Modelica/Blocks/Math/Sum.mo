within Modelica.Blocks.Math;
block Sum "Output the weighted sum of the elements of the input vector"
  extends Interfaces.MISO;
  parameter Real k[nin] = ones(nin) "Optional: sum coefficients";
equation
  y = k*u;
end Sum;
