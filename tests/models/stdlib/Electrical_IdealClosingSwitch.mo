model Electrical_IdealClosingSwitch "Capacitor charged through a closing switch: leakage Goff before t0 = 0.2, resistance Ron after"
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V=10) "10 V supply";
  Modelica.Electrical.Analog.Ideal.IdealClosingSwitch switch(Ron=1e-5, Goff=1e-5) "Closes at t = 0.2";
  Modelica.Blocks.Sources.BooleanStep control(startTime=0.2) "false until 0.2, true after";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=100) "100 Ohm";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C=1e-3, v(start=0, fixed=true)) "1 mF, initially discharged";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(control.y, switch.control);
  connect(source.p, switch.p);
  connect(switch.n, resistor.p);
  connect(resistor.n, capacitor.p);
  connect(capacitor.n, source.n);
  connect(source.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.001));
end Electrical_IdealClosingSwitch;
