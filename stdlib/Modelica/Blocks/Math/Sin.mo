within Modelica.Blocks.Math;
block Sin "Output the sine of the input"
  extends Interfaces.SISO;
equation
  y = sin(u);
end Sin;
