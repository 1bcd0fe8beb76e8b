within Modelica.Blocks.Math;
block Cos "Output the cosine of the input"
  extends Interfaces.SISO;
equation
  y = cos(u);
end Cos;
