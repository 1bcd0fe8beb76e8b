model Translational_ForceSupport "Force between two masses through the support flange (useSupport = true): action and reaction"
  Modelica.Blocks.Sources.Constant forceSignal(k=6) "6 N";
  Modelica.Mechanics.Translational.Sources.Force force(useSupport=true) "Pushes mass1 forward and mass2 back";
  Modelica.Mechanics.Translational.Components.Mass mass1(m=2, s(start=1, fixed=true), v(start=0, fixed=true)) "2 kg at 1 m";
  Modelica.Mechanics.Translational.Components.Mass mass2(m=3, s(start=0, fixed=true), v(start=0, fixed=true)) "3 kg at 0 m";
equation
  connect(forceSignal.y, force.f);
  connect(force.flange, mass1.flange_a);
  connect(force.support, mass2.flange_b);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Translational_ForceSupport;
