model Blocks_IntegratorReset "Integrator with reset and set ports: reinitialised to 5 at t = 1"
  Modelica.Blocks.Sources.Constant one(k=1) "Input 1";
  Modelica.Blocks.Sources.Constant setValue(k=5) "Value after reset";
  Modelica.Blocks.Sources.BooleanStep resetSignal(startTime=1) "Rising edge at t = 1";
  Modelica.Blocks.Continuous.Integrator integrator(use_reset=true, use_set=true, k=2) "y = 2*t, then 5 + 2*(t - 1)";
equation
  connect(one.y, integrator.u);
  connect(resetSignal.y, integrator.reset);
  connect(setValue.y, integrator.set);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_IntegratorReset;
