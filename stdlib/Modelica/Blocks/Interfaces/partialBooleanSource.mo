within Modelica.Blocks.Interfaces;
partial block partialBooleanSource "Base of Boolean signal sources"
  BooleanOutput y "Connector of Boolean output signal";
end partialBooleanSource;
