model Electrical_Resistor "Constant current through a temperature-dependent resistor and conductor, with sensors"
  Modelica.Electrical.Analog.Sources.ConstantCurrent source(I=0.2) "0.2 A, flowing from p through the source to n";
  Modelica.Electrical.Analog.Basic.Resistor resistor(R=100, alpha=0.004, T_ref=300.15, T=350.15) "R_actual = 100*(1 + 0.004*50) = 120 Ohm";
  Modelica.Electrical.Analog.Basic.Conductor conductor(G=0.05, alpha=0.002, T_ref=300.15, T=400.15) "G_actual = 0.05/(1 + 0.002*100) = 1/24 S";
  Modelica.Electrical.Analog.Sensors.VoltageSensor voltageSensor "Voltage over resistor and conductor";
  Modelica.Electrical.Analog.Sensors.CurrentSensor currentSensor "Current into the resistor";
  Modelica.Electrical.Analog.Basic.Ground ground "Reference potential";
equation
  connect(source.n, currentSensor.p);
  connect(currentSensor.n, resistor.p);
  connect(resistor.n, conductor.p);
  connect(conductor.n, source.p);
  connect(source.p, ground.p);
  connect(voltageSensor.p, resistor.p);
  connect(voltageSensor.n, conductor.n);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Electrical_Resistor;
