within Modelica.Blocks.Interfaces;
partial block SISO "Block with a single Real input and a single Real output"
  RealInput u "Connector of Real input signal";
  RealOutput y "Connector of Real output signal";
end SISO;
