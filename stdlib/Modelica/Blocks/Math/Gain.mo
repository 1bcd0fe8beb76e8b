within Modelica.Blocks.Math;
block Gain "Output the product of a gain value with the input signal"
  parameter Real k(start=1, unit="1") "Gain value multiplied with input signal";
  Interfaces.RealInput u "Input signal connector";
  Interfaces.RealOutput y "Output signal connector";
equation
  y = k*u;
end Gain;
