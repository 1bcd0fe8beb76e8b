model Translational_MassSpringDamper "Mass on a spring and a damper to a fixed point, released from 1 m: underdamped free oscillation"
  Modelica.Mechanics.Translational.Components.Fixed fixed(s0=0) "Wall at s = 0";
  Modelica.Mechanics.Translational.Components.Spring spring(c=10) "10 N/m, unstretched length 0";
  Modelica.Mechanics.Translational.Components.Damper damper(d=0.5) "0.5 N.s/m";
  Modelica.Mechanics.Translational.Components.Mass mass(m=1, s(start=1, fixed=true), v(start=0, fixed=true)) "1 kg, released at rest from s = 1";
equation
  connect(fixed.flange, spring.flange_a);
  connect(spring.flange_b, mass.flange_a);
  connect(fixed.flange, damper.flange_a);
  connect(damper.flange_b, mass.flange_a);
  annotation (experiment(StartTime=0, StopTime=5, Tolerance=1e-8, Interval=0.01));
end Translational_MassSpringDamper;
