within Modelica.Blocks.Math;
block Product "Output the product of the two inputs"
  extends Interfaces.SI2SO;
equation
  y = u1*u2;
end Product;
