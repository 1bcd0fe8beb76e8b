model Electrical_RLCircuit "RL circuit driven by a step voltage: i(t) = V/R*(1 - exp(-(t - t0)*R/L)) for t >= t0"
  Modelica.Electrical.Analog.Sources.StepVoltage source(V=5, offset=0, startTime=0.1) "0 V until 0.1 s, then 5 V";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=10) "10 Ohm";
  Modelica.Electrical.Analog.Basic.Inductor inductor(L=0.5, i(start=0, fixed=true)) "0.5 H, no initial current";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.p, resistor.p);
  connect(resistor.n, inductor.p);
  connect(inductor.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=0.5, Tolerance=1e-8, Interval=0.001));
end Electrical_RLCircuit;
