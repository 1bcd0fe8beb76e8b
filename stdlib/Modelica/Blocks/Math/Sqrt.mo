within Modelica.Blocks.Math;
block Sqrt "Output the square root of the input (input >= 0 required)"
  extends Interfaces.SISO;
equation
  y = sqrt(u);
end Sqrt;
