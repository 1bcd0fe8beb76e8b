model Rotational_IdealGear "Constant torque on an inertia driving a second inertia through an ideal gear of ratio 3"
  Modelica.Blocks.Sources.Constant torqueSignal(k=10) "10 N.m";
  Modelica.Mechanics.Rotational.Sources.Torque torque "Drive torque";
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=0.5, phi(start=0, fixed=true), w(start=0, fixed=true)) "Input shaft, 0.5 kg.m2";
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=3) "inertia1.phi = 3*inertia2.phi";
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=4.5) "Output shaft, 4.5 kg.m2";
equation
  connect(torqueSignal.y, torque.tau);
  connect(torque.flange, inertia1.flange_a);
  connect(inertia1.flange_b, gear.flange_a);
  connect(gear.flange_b, inertia2.flange_a);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Rotational_IdealGear;
