model Blocks_Gain "Linear blocks: Gain, Add, Add3, Sum (vector input), Feedback, on a clock signal"
  Modelica.Blocks.Sources.ContinuousClock clock "u = t";
  Modelica.Blocks.Sources.Constant c(k=0.5) "Constant 0.5";
  Modelica.Blocks.Math.Gain gain(k=-3) "-3*t";
  Modelica.Blocks.Math.Add add(k1=2, k2=-1) "2*t - 0.5";
  Modelica.Blocks.Math.Add3 add3(k1=1, k2=2, k3=4) "t + 2*(-3*t) + 4*0.5";
  Modelica.Blocks.Math.Sum sum(nin=3, k={1, -1, 0.5}) "t - 0.5 + 0.5*(-3*t)";
  Modelica.Blocks.Math.Feedback feedback "t - 0.5";
equation
  connect(clock.y, gain.u);
  connect(clock.y, add.u1);
  connect(c.y, add.u2);
  connect(clock.y, add3.u1);
  connect(gain.y, add3.u2);
  connect(c.y, add3.u3);
  connect(clock.y, sum.u[1]);
  connect(c.y, sum.u[2]);
  connect(gain.y, sum.u[3]);
  connect(clock.y, feedback.u1);
  connect(c.y, feedback.u2);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_Gain;
