model RCLadderLoop "An RC ladder whose first node has no capacitor: its potential comes from a linear algebraic loop"
  import Modelica.Electrical.Analog.Basic;
  import Modelica.Electrical.Analog.Sources;
  Sources.ConstantVoltage source(V = 1);
  Basic.Resistor r1(R = 1) "source to n1";
  Basic.Resistor r2(R = 2) "n1 to ground";
  Basic.Resistor r3(R = 3) "n1 to n2";
  Basic.Capacitor c1(C = 0.5, v(start = 0, fixed = true)) "n2 to ground";
  Basic.Resistor r4(R = 4) "n2 to n3";
  Basic.Resistor r5(R = 5) "n3 to ground";
  Basic.Capacitor c2(C = 0.25, v(start = 0, fixed = true)) "n3 to ground";
  Basic.Ground ground;
equation
  connect(source.p, r1.p);
  connect(r1.n, r2.p);
  connect(r1.n, r3.p);
  connect(r3.n, c1.p);
  connect(r3.n, r4.p);
  connect(r4.n, r5.p);
  connect(r4.n, c2.p);
  connect(source.n, ground.p);
  connect(r2.n, ground.p);
  connect(c1.n, ground.p);
  connect(r5.n, ground.p);
  connect(c2.n, ground.p);
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.01));
end RCLadderLoop;
