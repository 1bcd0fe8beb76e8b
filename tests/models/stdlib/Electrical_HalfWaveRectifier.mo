model Electrical_HalfWaveRectifier "Half-wave rectifier: ideal diode (knee 0.7 V) and resistive load on a 10 V, 1 Hz sine"
  Modelica.Electrical.Analog.Sources.SineVoltage source(V=10, f=1) "10*sin(2*pi*t)";
  Modelica.Electrical.Analog.Ideal.IdealDiode diode(Ron=1e-5, Goff=1e-5, Vknee=0.7) "Conducts while the source exceeds 0.7*(1 + R*Goff) V";
  Modelica.Electrical.Analog.Basic.Resistor load(R=100) "100 Ohm load";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.p, diode.p);
  connect(diode.n, load.p);
  connect(load.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.001));
end Electrical_HalfWaveRectifier;
