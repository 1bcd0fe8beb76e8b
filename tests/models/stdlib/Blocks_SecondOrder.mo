model Blocks_SecondOrder "Second order block: underdamped unit step response"
  Modelica.Blocks.Sources.Step step(height=1, startTime=0) "Unit step at t = 0";
  Modelica.Blocks.Continuous.SecondOrder secondOrder(k=1, w=10, D=0.2, initType=Modelica.Blocks.Types.Init.InitialState, y_start=0, yd_start=0) "100/(s^2 + 4 s + 100), at rest initially";
equation
  connect(step.y, secondOrder.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_SecondOrder;
