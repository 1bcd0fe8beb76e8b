within Modelica.Electrical.Analog.Interfaces;
partial model OnePort "Component with two electrical pins p and n and current i from p to n"
  extends TwoPin;
  SI.Current i "Current flowing from pin p to pin n";
equation
  0 = p.i + n.i;
  i = p.i;
end OnePort;
