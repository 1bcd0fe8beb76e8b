within Modelica.Blocks.Math;
block Min "Output the minimum of the two inputs"
  extends Interfaces.SI2SO;
equation
  y = min(u1, u2);
end Min;
