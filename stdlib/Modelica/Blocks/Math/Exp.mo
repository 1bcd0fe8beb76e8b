within Modelica.Blocks.Math;
block Exp "Output the exponential (base e) of the input"
  extends Interfaces.SISO;
equation
  y = exp(u);
end Exp;
