model Translational_SpringDamper "Mass on a critically damped spring-damper with unstretched length 0.5 m"
  Modelica.Mechanics.Translational.Components.Fixed fixed(s0=0) "Wall at s = 0";
  Modelica.Mechanics.Translational.Components.SpringDamper springDamper(c=4, d=4, s_rel0=0.5) "c = 4 N/m, d = 4 N.s/m: critical damping for m = 1 kg";
  Modelica.Mechanics.Translational.Components.Mass mass(m=1, s(start=1.5, fixed=true), v(start=-1, fixed=true)) "1 kg, starts 1 m beyond rest position, moving back at 1 m/s";
equation
  connect(fixed.flange, springDamper.flange_a);
  connect(springDamper.flange_b, mass.flange_a);
  annotation (experiment(StartTime=0, StopTime=4, Tolerance=1e-8, Interval=0.01));
end Translational_SpringDamper;
