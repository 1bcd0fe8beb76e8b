model Blocks_Product "Product and Division of two clock signals"
  Modelica.Blocks.Sources.ContinuousClock clock(offset=1) "1 + t";
  Modelica.Blocks.Sources.Ramp ramp(height=4, duration=2, offset=2) "2 + 2*t on [0, 2]";
  Modelica.Blocks.Math.Product product "(1 + t)*(2 + 2*t)";
  Modelica.Blocks.Math.Division division "(1 + t)/(2 + 2*t) = 0.5";
  Modelica.Blocks.Math.Division division2 "(2 + 2*t)/(2*(1 + t)^2) = 1/(1 + t)";
equation
  connect(clock.y, product.u1);
  connect(ramp.y, product.u2);
  connect(clock.y, division.u1);
  connect(ramp.y, division.u2);
  connect(ramp.y, division2.u1);
  connect(product.y, division2.u2);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_Product;
