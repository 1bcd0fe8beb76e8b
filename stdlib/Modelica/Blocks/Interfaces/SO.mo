within Modelica.Blocks.Interfaces;
partial block SO "Block with a single Real output"
  RealOutput y "Connector of Real output signal";
end SO;
