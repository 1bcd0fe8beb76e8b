model Electrical_IdealOpeningSwitch "Capacitor discharged through an opening switch: resistance Ron before t0 = 0.3, leakage Goff after"
  Modelica.Electrical.Analog.Ideal.IdealOpeningSwitch switch(Ron=1e-5, Goff=1e-5) "Opens at t = 0.3";
  Modelica.Blocks.Sources.BooleanStep control(startTime=0.3) "false until 0.3, true after";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=100) "100 Ohm";
  Modelica.Electrical.Analog.Basic.Capacitor capacitor(C=1e-3, v(start=10, fixed=true)) "1 mF, charged to 10 V";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(control.y, switch.control);
  connect(capacitor.p, switch.p);
  connect(switch.n, resistor.p);
  connect(resistor.n, capacitor.n);
  connect(capacitor.n, ground.p);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.001));
end Electrical_IdealOpeningSwitch;
