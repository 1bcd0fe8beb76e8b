within Modelica.Mechanics.Rotational.Sensors;
model SpeedSensor "Ideal sensor of the absolute angular velocity of a flange"
  extends Interfaces.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput w(unit="rad/s") "Absolute angular velocity of flange as output signal";
equation
  w = der(flange.phi);
end SpeedSensor;
