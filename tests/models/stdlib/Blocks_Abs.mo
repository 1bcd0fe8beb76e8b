model Blocks_Abs "Abs, Sign, Max and Min of a sine, with and without events"
  Modelica.Blocks.Sources.Sine sine(amplitude=2, f=1) "2*sin(2*pi*t)";
  Modelica.Blocks.Sources.Constant c(k=0.5) "Constant 0.5";
  Modelica.Blocks.Math.Abs abs1 "|sine| without events";
  Modelica.Blocks.Math.Abs abs2(generateEvent=true) "|sine| with events";
  Modelica.Blocks.Math.Sign sign1 "sign(sine) without events";
  Modelica.Blocks.Math.Sign sign2(generateEvent=true) "sign(sine) with events";
  Modelica.Blocks.Math.Max max1 "max(sine, 0.5)";
  Modelica.Blocks.Math.Min min1 "min(sine, 0.5)";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of |sine| (with events): 4/(2*pi) per half period";
equation
  connect(sine.y, abs1.u);
  connect(sine.y, abs2.u);
  connect(sine.y, sign1.u);
  connect(sine.y, sign2.u);
  connect(sine.y, max1.u1);
  connect(c.y, max1.u2);
  connect(sine.y, min1.u1);
  connect(c.y, min1.u2);
  connect(abs2.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_Abs;
