model Blocks_PI "PI block with constant input: x = x_start + t/T, y = k*(x + u)"
  Modelica.Blocks.Sources.Constant one(k=1) "Input 1";
  Modelica.Blocks.Continuous.PI pi(k=2, T=0.5, initType=Modelica.Blocks.Types.Init.InitialState, x_start=0.2) "2*(1 + 1/(0.5 s))";
equation
  connect(one.y, pi.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_PI;
