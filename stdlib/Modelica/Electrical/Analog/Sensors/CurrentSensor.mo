within Modelica.Electrical.Analog.Sensors;
model CurrentSensor "Ideal ammeter: no voltage drop, the current from p to n as a signal"
  Interfaces.PositivePin p "Positive electrical pin";
  Interfaces.NegativePin n "Negative electrical pin";
  Modelica.Blocks.Interfaces.RealOutput i(unit="A") "Current in the branch from p to n as output signal";
equation
  p.v = n.v;
  p.i = i;
  n.i = -i;
end CurrentSensor;
