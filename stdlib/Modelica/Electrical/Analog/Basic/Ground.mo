within Modelica.Electrical.Analog.Basic;
model Ground "Ground node: the reference potential zero"
  Interfaces.Pin p "Pin at ground potential";
equation
  p.v = 0;
end Ground;
