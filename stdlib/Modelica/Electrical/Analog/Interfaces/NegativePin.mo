within Modelica.Electrical.Analog.Interfaces;
connector NegativePin "Negative pin of an electrical component"
  SI.ElectricPotential v "Potential at the pin";
  flow SI.ElectricCurrent i "Current flowing into the pin";
end NegativePin;
