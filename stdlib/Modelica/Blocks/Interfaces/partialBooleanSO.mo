within Modelica.Blocks.Interfaces;
partial block partialBooleanSO "Block with a single Boolean output"
  BooleanOutput y "Connector of Boolean output signal";
end partialBooleanSO;
