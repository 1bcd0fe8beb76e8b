model Rotational_SpringDamper "Inertia on a rotational spring-damper: underdamped free oscillation"
  Modelica.Mechanics.Rotational.Components.Fixed fixed "Housing";
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper(c=25, d=1) "25 N.m/rad, 1 N.m.s/rad";
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(start=0, fixed=true), w(start=2, fixed=true)) "1 kg.m2, kicked to 2 rad/s at the rest angle";
equation
  connect(fixed.flange, springDamper.flange_a);
  connect(springDamper.flange_b, inertia.flange_a);
  annotation (experiment(StartTime=0, StopTime=3, Tolerance=1e-8, Interval=0.01));
end Rotational_SpringDamper;
