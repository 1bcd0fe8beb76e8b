model Electrical_Diode "Shockley diode driven directly by a sine source with offset and start time: i = Ids*(exlin(v/Vt, Maxexp) - 1) + v/R"
  Modelica.Electrical.Analog.Sources.SineVoltage source(V=0.8, f=1, phase=0, offset=0.2, startTime=0.1) "0.2 V until 0.1 s, then 0.2 + 0.8*sin(2*pi*(t - 0.1))";
  Modelica.Electrical.Analog.Semiconductors.Diode diode(Ids=1e-6, Vt=0.04, Maxexp=15, R=1e8) "The standard library's default diode";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.p, diode.p);
  connect(diode.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=1.1, Tolerance=1e-8, Interval=0.001));
end Electrical_Diode;
