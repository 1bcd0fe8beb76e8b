model Blocks_ZeroOrderHold "Zero order hold on a sine: the output holds sin(2*pi*f*t_k) between sample instants t_k = 0.1*k"
  Modelica.Blocks.Sources.Sine sine(amplitude=2, f=0.5, offset=1) "1 + 2*sin(pi*t)";
  Modelica.Blocks.Discrete.ZeroOrderHold zeroOrderHold(samplePeriod=0.1) "Samples at 0, 0.1, 0.2, ...";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the held signal: a sum of rectangles";
equation
  connect(sine.y, zeroOrderHold.u);
  connect(zeroOrderHold.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_ZeroOrderHold;
