model Blocks_FirstOrder "First order block: free decay from y_start, then step response from t = 0.1"
  Modelica.Blocks.Sources.Step step(height=1, startTime=0.1) "Unit step at t = 0.1";
  Modelica.Blocks.Continuous.FirstOrder firstOrder(k=2, T=0.2, initType=Modelica.Blocks.Types.Init.InitialOutput, y_start=0.5) "2/(0.2 s + 1), y(0) = 0.5";
equation
  connect(step.y, firstOrder.u);
  annotation (experiment(StartTime=0, StopTime=1.5, Tolerance=1e-8, Interval=0.01));
end Blocks_FirstOrder;
