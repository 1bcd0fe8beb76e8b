within Modelica.Mechanics.Translational.Sensors;
model SpeedSensor "Ideal sensor of the absolute velocity of a flange"
  extends Interfaces.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput v(unit="m/s") "Absolute velocity of flange as output signal";
equation
  v = der(flange.s);
end SpeedSensor;
