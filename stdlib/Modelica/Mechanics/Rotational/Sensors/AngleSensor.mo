within Modelica.Mechanics.Rotational.Sensors;
model AngleSensor "Ideal sensor of the absolute angle of a flange"
  extends Interfaces.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput phi(unit="rad", displayUnit="deg") "Absolute angle of flange as output signal";
equation
  phi = flange.phi;
end AngleSensor;
