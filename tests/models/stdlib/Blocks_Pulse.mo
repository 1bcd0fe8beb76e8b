model Blocks_Pulse "Pulse with three periods, then constant offset; and its integral"
  Modelica.Blocks.Sources.Pulse pulse(amplitude=3, width=40, period=0.5, nperiod=3, offset=-1, startTime=0.25) "High (2) during [0.25 + 0.5*k, 0.45 + 0.5*k) for k = 0, 1, 2";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the pulse";
equation
  connect(pulse.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2.5, Tolerance=1e-8, Interval=0.01));
end Blocks_Pulse;
