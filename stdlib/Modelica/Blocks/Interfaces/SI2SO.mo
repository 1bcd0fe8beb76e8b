within Modelica.Blocks.Interfaces;
partial block SI2SO "Block with two Real inputs and one Real output"
  RealInput u1 "Connector of Real input signal 1";
  RealInput u2 "Connector of Real input signal 2";
  RealOutput y "Connector of Real output signal";
end SI2SO;
