within Modelica.Electrical.Analog.Sensors;
model VoltageSensor "Ideal voltmeter: no current, the voltage p.v - n.v as a signal"
  Interfaces.PositivePin p "Positive electrical pin";
  Interfaces.NegativePin n "Negative electrical pin";
  Modelica.Blocks.Interfaces.RealOutput v(unit="V") "Voltage between pin p and n (= p.v - n.v) as output signal";
equation
  p.i = 0;
  n.i = 0;
  v = p.v - n.v;
end VoltageSensor;
