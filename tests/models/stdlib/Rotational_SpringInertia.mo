model Rotational_SpringInertia "Torsional oscillator: inertia on a spring (unstretched angle 0.2 rad) to a fixed housing at 0.1 rad"
  Modelica.Mechanics.Rotational.Components.Fixed fixed(phi0=0.1) "Housing at 0.1 rad";
  Modelica.Mechanics.Rotational.Components.Spring spring(c=16, phi_rel0=0.2) "16 N.m/rad";
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=0.25, phi(start=0.5, fixed=true), w(start=0, fixed=true)) "0.25 kg.m2, released at 0.5 rad";
equation
  connect(fixed.flange, spring.flange_a);
  connect(spring.flange_b, inertia.flange_a);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Rotational_SpringInertia;
