model Rotational_Damper "Spinning inertia braked by a damper to the housing: w = w0*exp(-d*t/J)"
  Modelica.Mechanics.Rotational.Components.Fixed fixed "Housing";
  Modelica.Mechanics.Rotational.Components.Damper damper(d=0.8) "0.8 N.m.s/rad";
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(start=0, fixed=true), w(start=10, fixed=true)) "2 kg.m2 spinning at 10 rad/s";
equation
  connect(fixed.flange, damper.flange_a);
  connect(damper.flange_b, inertia.flange_a);
  annotation (experiment(StartTime=0, StopTime=5, Tolerance=1e-8, Interval=0.01));
end Rotational_Damper;
