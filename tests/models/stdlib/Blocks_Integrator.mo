model Blocks_Integrator "Integrator of a ramp: piecewise quadratic, then linear"
  Modelica.Blocks.Sources.Ramp ramp(height=2, duration=1, startTime=0.5) "0 until 0.5, rises to 2 at 1.5";
  Modelica.Blocks.Continuous.Integrator integrator(k=1, y_start=0.25) "Integral of the ramp, starting at 0.25";
equation
  connect(ramp.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2.5, Tolerance=1e-8, Interval=0.01));
end Blocks_Integrator;
