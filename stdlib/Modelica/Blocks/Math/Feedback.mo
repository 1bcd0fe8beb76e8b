within Modelica.Blocks.Math;
block Feedback "Output the difference between commanded and feedback input"
  Interfaces.RealInput u1 "Commanded input";
  Interfaces.RealInput u2 "Feedback input";
  Interfaces.RealOutput y "Output signal: u1 - u2";
equation
  y = u1 - u2;
end Feedback;
