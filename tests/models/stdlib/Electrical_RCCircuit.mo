model Electrical_RCCircuit "RC charging circuit: v_C(t) = V*(1 - exp(-t/(R*C)))"
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V=10) "10 V supply";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=100) "Series resistor, 100 Ohm";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C=1e-3, v(start=0, fixed=true)) "1 mF, initially discharged";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.p, resistor.p);
  connect(resistor.n, capacitor.p);
  connect(capacitor.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=0.5, Tolerance=1e-8, Interval=0.001));
end Electrical_RCCircuit;
