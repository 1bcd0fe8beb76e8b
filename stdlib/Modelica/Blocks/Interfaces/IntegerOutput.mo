within Modelica.Blocks.Interfaces;
connector IntegerOutput = output Integer "Connector with one output signal of type Integer";
