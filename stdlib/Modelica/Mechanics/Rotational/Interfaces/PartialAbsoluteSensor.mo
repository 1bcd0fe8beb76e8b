within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialAbsoluteSensor "Sensor measuring an absolute quantity of one flange (without torque)"
  Flange_a flange "Flange of shaft from which sensor information shall be measured";
equation
  0 = flange.tau;
end PartialAbsoluteSensor;
