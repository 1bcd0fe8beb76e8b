model RLCDiodeIdeal "A series RLC circuit driven by a sine, with an ideal switching diode (a mixed Boolean/Real algebraic loop) across its R2-C branch"
  import Modelica.Electrical.Analog.Basic;
  Modelica.Electrical.Analog.Sources.SineVoltage source(V = 10, f = 50);
  Basic.Resistor r1(R = 1);
  Basic.Inductor inductor(L = 0.01, i(start = 0, fixed = true));
  Basic.Resistor r2(R = 10);
  Basic.Capacitor capacitor(C = 1e-4, v(start = 0, fixed = true));
  Modelica.Electrical.Analog.Ideal.IdealDiode diode "anode at ground, cathode at the inductor's end: it conducts when that node is negative";
  Basic.Ground ground;
equation
  connect(source.p, r1.p);
  connect(r1.n, inductor.p);
  connect(inductor.n, r2.p);
  connect(r2.n, capacitor.p);
  connect(capacitor.n, ground.p);
  connect(source.n, ground.p);
  connect(diode.p, ground.p);
  connect(diode.n, inductor.n);
  annotation(experiment(StopTime = 0.06, Tolerance = 1e-10, Interval = 1e-4));
end RLCDiodeIdeal;
