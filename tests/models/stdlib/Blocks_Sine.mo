model Blocks_Sine "Sine source (MSL 4.0 parameters amplitude, f, phase, offset, startTime) and its integral"
  Modelica.Blocks.Sources.Sine sine(amplitude=2, f=0.5, phase=0.3, offset=1, startTime=0.2) "Sine starting at t = 0.2";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the sine";
equation
  connect(sine.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=3, Tolerance=1e-8, Interval=0.01));
end Blocks_Sine;
