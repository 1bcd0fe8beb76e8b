model Blocks_Cosine "Cosine source and its integral"
  Modelica.Blocks.Sources.Cosine cosine(amplitude=1.5, f=2, phase=-0.4, offset=-0.5) "Cosine from t = 0";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the cosine";
equation
  connect(cosine.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_Cosine;
