within Modelica.Blocks.Interfaces;
connector RealOutput = output Real "Connector with one output signal of type Real";
