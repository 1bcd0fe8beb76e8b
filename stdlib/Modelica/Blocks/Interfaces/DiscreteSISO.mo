within Modelica.Blocks.Interfaces;
partial block DiscreteSISO "Sampled block with a single Real input and a single Real output"
  extends DiscreteBlock;
  RealInput u "Connector of Real input signal";
  RealOutput y "Connector of Real output signal";
end DiscreteSISO;
