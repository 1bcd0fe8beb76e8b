model Blocks_ContinuousClock "Continuous clock with offset and start time, and its integral"
  Modelica.Blocks.Sources.ContinuousClock clock(offset=1, startTime=0.5) "1 until 0.5, then 1 + (t - 0.5)";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the clock signal";
equation
  connect(clock.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_ContinuousClock;
