model Blocks_Constant "Constant block integrated: y = k*t"
  Modelica.Blocks.Sources.Constant constant1(k=2.5) "Constant signal 2.5";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the constant, starting at 0";
equation
  connect(constant1.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_Constant;
