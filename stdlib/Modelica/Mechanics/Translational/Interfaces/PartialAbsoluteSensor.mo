within Modelica.Mechanics.Translational.Interfaces;
partial model PartialAbsoluteSensor "Sensor measuring an absolute quantity of one flange (without force)"
  Flange_a flange "Flange to be measured";
equation
  0 = flange.f;
end PartialAbsoluteSensor;
