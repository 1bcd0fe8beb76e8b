model Translational_ConstantForce "Mass of length 0.2 m under a constant force, with position and speed sensors"
  Modelica.Mechanics.Translational.Sources.ConstantForce force(f_constant=3) "Pushes with 3 N in the positive direction";
  Modelica.Mechanics.Translational.Components.Mass mass(m=2, L=0.2, s(start=0.5, fixed=true), v(start=-1, fixed=true)) "2 kg, centre at 0.5 m, moving at -1 m/s";
  Modelica.Mechanics.Translational.Sensors.PositionSensor positionSensor "Position of the right flange";
  Modelica.Mechanics.Translational.Sensors.SpeedSensor speedSensor "Velocity of the right flange";
equation
  connect(force.flange, mass.flange_a);
  connect(mass.flange_b, positionSensor.flange);
  connect(mass.flange_b, speedSensor.flange);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Translational_ConstantForce;
