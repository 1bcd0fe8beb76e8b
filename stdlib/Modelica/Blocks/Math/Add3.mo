within Modelica.Blocks.Math;
block Add3 "Output the weighted sum of three inputs: k1*u1 + k2*u2 + k3*u3"
  parameter Real k1 = +1 "Gain of input signal 1";
  parameter Real k2 = +1 "Gain of input signal 2";
  parameter Real k3 = +1 "Gain of input signal 3";
  Interfaces.RealInput u1 "Connector of Real input signal 1";
  Interfaces.RealInput u2 "Connector of Real input signal 2";
  Interfaces.RealInput u3 "Connector of Real input signal 3";
  Interfaces.RealOutput y "Connector of Real output signal";
equation
  y = k1*u1 + k2*u2 + k3*u3;
end Add3;
