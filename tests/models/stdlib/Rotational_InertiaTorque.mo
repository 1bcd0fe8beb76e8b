model Rotational_InertiaTorque "Inertia under a constant torque, with angle and speed sensors: phi = tau*t^2/(2*J)"
  Modelica.Blocks.Sources.Constant torqueSignal(k=3) "3 N.m";
  Modelica.Mechanics.Rotational.Sources.Torque torque "Torque from the signal";
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1.5, phi(start=0, fixed=true), w(start=0, fixed=true)) "1.5 kg.m2, at rest";
  Modelica.Mechanics.Rotational.Sensors.AngleSensor angleSensor "Angle of the inertia";
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor "Speed of the inertia";
equation
  connect(torqueSignal.y, torque.tau);
  connect(torque.flange, inertia.flange_a);
  connect(inertia.flange_b, angleSensor.flange);
  connect(inertia.flange_b, speedSensor.flange);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Rotational_InertiaTorque;
