model Blocks_Sampler "Sampler on a sine: the output holds sin(2*pi*f*t_k) between sample instants t_k = 0.05 + 0.1*k"
  Modelica.Blocks.Sources.Sine sine(amplitude=1, f=1) "sin(2*pi*t)";
  Modelica.Blocks.Discrete.Sampler sampler(samplePeriod=0.1, startTime=0.05) "Samples at 0.05, 0.15, 0.25, ...";
equation
  connect(sine.y, sampler.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_Sampler;
