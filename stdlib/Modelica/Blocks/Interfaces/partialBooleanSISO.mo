within Modelica.Blocks.Interfaces;
partial block partialBooleanSISO "Block with a single Boolean input and a single Boolean output"
  BooleanInput u "Connector of Boolean input signal";
  BooleanOutput y "Connector of Boolean output signal";
end partialBooleanSISO;
