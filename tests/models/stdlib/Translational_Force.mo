model Translational_Force "Mass driven by a sinusoidal force signal: v = A/(m*w)*(1 - cos(w*t)), s = A/(m*w)*(t - sin(w*t)/w)"
  Modelica.Blocks.Sources.Sine forceSignal(amplitude=4, f=0.5) "4*sin(pi*t) N";
  Modelica.Mechanics.Translational.Sources.Force force "Force from the signal";
  Modelica.Mechanics.Translational.Components.Mass mass(m=2, s(start=0, fixed=true), v(start=0, fixed=true)) "2 kg, at rest at 0";
equation
  connect(forceSignal.y, force.f);
  connect(force.flange, mass.flange_a);
  annotation (experiment(StartTime=0, StopTime=3, Tolerance=1e-8, Interval=0.01));
end Translational_Force;
