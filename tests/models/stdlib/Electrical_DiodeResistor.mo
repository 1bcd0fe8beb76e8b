model Electrical_DiodeResistor "Diode with series resistor on a constant source: one nonlinear algebraic equation V = R*i + v_D"
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V=5) "5 V supply";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=1000) "1 kOhm";
  Modelica.Electrical.Analog.Semiconductors.Diode diode "The standard library's default diode (Ids = 1e-6, Vt = 0.04)";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.p, resistor.p);
  connect(resistor.n, diode.p);
  connect(diode.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Electrical_DiodeResistor;
