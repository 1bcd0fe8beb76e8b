within Modelica.Blocks.Math;
block Log "Output the natural (base e) logarithm of the input (input > 0 required)"
  extends Interfaces.SISO;
equation
  y = log(u);
end Log;
