model Rotational_IdealGearSupport "Ideal gear whose housing (useSupport = true) is a free inertia: reaction torque turns the housing"
  Modelica.Blocks.Sources.Constant torqueSignal(k=2) "2 N.m";
  Modelica.Mechanics.Rotational.Sources.Torque torque "Drive torque, grounded reaction";
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(start=0, fixed=true), w(start=0, fixed=true)) "Input shaft, 1 kg.m2";
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=2, useSupport=true) "inertia1.phi - housing.phi = 2*(inertia2.phi - housing.phi)";
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=2) "Output shaft, 2 kg.m2";
  Modelica.Mechanics.Rotational.Components.Inertia housing(J=4, phi(start=0, fixed=true), w(start=0, fixed=true)) "Free gear housing, 4 kg.m2";
equation
  connect(torqueSignal.y, torque.tau);
  connect(torque.flange, inertia1.flange_a);
  connect(inertia1.flange_b, gear.flange_a);
  connect(gear.flange_b, inertia2.flange_a);
  connect(gear.support, housing.flange_a);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Rotational_IdealGearSupport;
