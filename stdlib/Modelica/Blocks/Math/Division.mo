within Modelica.Blocks.Math;
block Division "Output first input divided by second input"
  extends Interfaces.SI2SO;
equation
  y = u1/u2;
end Division;
