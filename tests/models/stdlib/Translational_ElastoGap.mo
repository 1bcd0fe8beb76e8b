model Translational_ElastoGap "Mass hitting an elastic stop (ElastoGap without damping): free flight, half a harmonic oscillation, rebound"
  Modelica.Mechanics.Translational.Components.Mass mass(m=1, s(start=0, fixed=true), v(start=1, fixed=true)) "1 kg at 0 m moving at 1 m/s";
  Modelica.Mechanics.Translational.Components.ElastoGap gap(c=100, d=0, s_rel0=0, n=1) "Contact while mass.s > 1";
  Modelica.Mechanics.Translational.Components.Fixed fixed(s0=1) "Stop at 1 m";
equation
  connect(mass.flange_b, gap.flange_a);
  connect(gap.flange_b, fixed.flange);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.001));
end Translational_ElastoGap;
