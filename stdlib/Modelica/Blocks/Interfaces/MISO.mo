within Modelica.Blocks.Interfaces;
partial block MISO "Block with a vector of Real inputs and one Real output"
  parameter Integer nin = 1 "Number of inputs";
  RealInput u[nin] "Connector of Real input signals";
  RealOutput y "Connector of Real output signal";
end MISO;
