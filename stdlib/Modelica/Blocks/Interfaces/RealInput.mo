within Modelica.Blocks.Interfaces;
connector RealInput = input Real "Connector with one input signal of type Real";
