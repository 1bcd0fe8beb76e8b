within Modelica.Blocks.Interfaces;
partial block partialBooleanSI "Block with a single Boolean input"
  BooleanInput u "Connector of Boolean input signal";
end partialBooleanSI;
