within Modelica.Blocks.Interfaces;
connector IntegerInput = input Integer "Connector with one input signal of type Integer";
