within Modelica.Blocks.Interfaces;
connector BooleanInput = input Boolean "Connector with one input signal of type Boolean";
