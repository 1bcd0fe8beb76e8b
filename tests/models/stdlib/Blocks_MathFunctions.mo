model Blocks_MathFunctions "Sqrt, Sin, Cos, Exp and Log blocks on the signal 1 + t"
  Modelica.Blocks.Sources.ContinuousClock clock(offset=1) "u = 1 + t";
  Modelica.Blocks.Math.Sqrt sqrt1 "sqrt(1 + t)";
  Modelica.Blocks.Math.Sin sin1 "sin(1 + t)";
  Modelica.Blocks.Math.Cos cos1 "cos(1 + t)";
  Modelica.Blocks.Math.Exp exp1 "exp(1 + t)";
  Modelica.Blocks.Math.Log log1 "log(1 + t)";
equation
  connect(clock.y, sqrt1.u);
  connect(clock.y, sin1.u);
  connect(clock.y, cos1.u);
  connect(clock.y, exp1.u);
  connect(clock.y, log1.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_MathFunctions;
