within Modelica.Blocks.Interfaces;
connector BooleanOutput = output Boolean "Connector with one output signal of type Boolean";
