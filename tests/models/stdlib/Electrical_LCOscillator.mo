model Electrical_LCOscillator "LC tank with a charged capacitor: v_C(t) = v0*cos(t/sqrt(L*C)), i_L(t) = v0*sqrt(C/L)*sin(t/sqrt(L*C))"
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C=1e-2, v(start=2, fixed=true)) "10 mF, charged to 2 V";
  Modelica.Electrical.Analog.Basic.Inductor inductor(L=0.25, i(start=0, fixed=true)) "0.25 H, no initial current";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(capacitor.p, inductor.p);
  connect(capacitor.n, inductor.n);
  connect(capacitor.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.001));
end Electrical_LCOscillator;
