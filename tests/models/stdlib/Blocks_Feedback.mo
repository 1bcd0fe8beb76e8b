model Blocks_Feedback "Closed loop of Feedback, Gain and Integrator: y' = k*(r - y), y = r*(1 - exp(-k*t))"
  Modelica.Blocks.Sources.Constant reference(k=3) "Setpoint r = 3";
  Modelica.Blocks.Math.Feedback feedback "Error r - y";
  Modelica.Blocks.Math.Gain gain(k=4) "Loop gain 4";
  Modelica.Blocks.Continuous.Integrator integrator "Loop output y, starting at 0";
equation
  connect(reference.y, feedback.u1);
  connect(integrator.y, feedback.u2);
  connect(feedback.y, gain.u);
  connect(gain.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_Feedback;
