within Modelica.Blocks.Math;
block Max "Output the maximum of the two inputs"
  extends Interfaces.SI2SO;
equation
  y = max(u1, u2);
end Max;
