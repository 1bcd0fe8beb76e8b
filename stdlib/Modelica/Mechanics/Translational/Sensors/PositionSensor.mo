within Modelica.Mechanics.Translational.Sensors;
model PositionSensor "Ideal sensor of the absolute position of a flange"
  extends Interfaces.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput s(unit="m") "Absolute position of flange as output signal";
equation
  s = flange.s;
end PositionSensor;
