model Blocks_SawTooth "Saw tooth source and its integral"
  Modelica.Blocks.Sources.SawTooth sawTooth(amplitude=2, period=0.4, startTime=0.1) "Rises from 0 to 2 in each period of 0.4 s from t = 0.1";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the saw tooth";
equation
  connect(sawTooth.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=1.5, Tolerance=1e-8, Interval=0.01));
end Blocks_SawTooth;
