within Modelica.Electrical.Analog.Interfaces;
partial model TwoPin "Component with two electrical pins and the voltage between them"
  SI.Voltage v "Voltage drop of the two pins (= p.v - n.v)";
  PositivePin p "Positive electrical pin";
  NegativePin n "Negative electrical pin";
equation
  v = p.v - n.v;
end TwoPin;
