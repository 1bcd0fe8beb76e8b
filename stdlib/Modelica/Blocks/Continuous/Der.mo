within Modelica.Blocks.Continuous;
block Der "Output the exact derivative of the input (the input must be differentiable)"
  extends Interfaces.SISO;
equation
  y = der(u);
end Der;
