model Blocks_Derivative "Approximate derivative of a ramp: y = k*(1 - exp(-t/T))"
  Modelica.Blocks.Sources.ContinuousClock clock "u = t";
  Modelica.Blocks.Continuous.Derivative derivative(k=2, T=0.1, initType=Modelica.Blocks.Types.Init.InitialState, x_start=0) "2 s/(0.1 s + 1)";
equation
  connect(clock.y, derivative.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_Derivative;
