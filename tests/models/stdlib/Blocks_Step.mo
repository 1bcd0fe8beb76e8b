model Blocks_Step "Step with offset integrated: y = offset*t + height*max(0, t - startTime)"
  Modelica.Blocks.Sources.Step step(height=2, offset=1, startTime=0.3) "1 before t = 0.3, 3 after";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the step";
equation
  connect(step.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_Step;
