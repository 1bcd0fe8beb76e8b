within Modelica.Units;
package SI "SI types with quantity and unit (ISO 80000), named as in the Modelica Standard Library 4.0"

  // Space and time
  type Angle = Real(final quantity="Angle", final unit="rad", displayUnit="deg") "Plane angle";
  type Length = Real(final quantity="Length", final unit="m") "Length";
  type Position = Length "Position along an axis";
  type Distance = Length(min=0) "Distance (not negative)";
  type Height = Length(min=0) "Height (not negative)";
  type Radius = Length(min=0) "Radius (not negative)";
  type Diameter = Length(min=0) "Diameter (not negative)";
  type Area = Real(final quantity="Area", final unit="m2") "Area";
  type Volume = Real(final quantity="Volume", final unit="m3") "Volume";
  type Time = Real(final quantity="Time", final unit="s") "Time";
  type Duration = Time "Time span";
  type Velocity = Real(final quantity="Velocity", final unit="m/s") "Velocity";
  type Acceleration = Real(final quantity="Acceleration", final unit="m/s2") "Acceleration";
  type AngularVelocity = Real(final quantity="AngularVelocity", final unit="rad/s") "Angular velocity";
  type AngularAcceleration = Real(final quantity="AngularAcceleration", final unit="rad/s2") "Angular acceleration";
  type Period = Real(final quantity="Time", final unit="s") "Period of a periodic phenomenon";
  type Frequency = Real(final quantity="Frequency", final unit="Hz") "Frequency";
  type AngularFrequency = Real(final quantity="AngularFrequency", final unit="rad/s") "Angular frequency";
  type DampingCoefficient = Real(final quantity="DampingCoefficient", final unit="s-1") "Damping coefficient (decay rate)";

  // Mechanics
  type Mass = Real(quantity="Mass", final unit="kg", min=0) "Mass";
  type Density = Real(final quantity="Density", final unit="kg/m3", displayUnit="g/cm3", min=0.0) "Density";
  type MomentOfInertia = Real(final quantity="MomentOfInertia", final unit="kg.m2") "Moment of inertia";
  type Inertia = MomentOfInertia "Moment of inertia";
  type Momentum = Real(final quantity="Momentum", final unit="kg.m/s") "Momentum";
  type Impulse = Real(final quantity="Impulse", final unit="N.s") "Impulse";
  type AngularMomentum = Real(final quantity="AngularMomentum", final unit="kg.m2/s") "Angular momentum";
  type Force = Real(final quantity="Force", final unit="N") "Force";
  type Weight = Force "Weight (gravitational force)";
  type Torque = Real(final quantity="Torque", final unit="N.m") "Torque";
  type MomentOfForce = Torque "Moment of force";
  type TranslationalSpringConstant = Real(final quantity="TranslationalSpringConstant", final unit="N/m") "Spring constant of a translational spring";
  type TranslationalDampingConstant = Real(final quantity="TranslationalDampingConstant", final unit="N.s/m") "Damping constant of a translational damper";
  type RotationalSpringConstant = Real(final quantity="RotationalSpringConstant", final unit="N.m/rad") "Spring constant of a rotational spring";
  type RotationalDampingConstant = Real(final quantity="RotationalDampingConstant", final unit="N.m.s/rad") "Damping constant of a rotational damper";
  type Pressure = Real(final quantity="Pressure", final unit="Pa", displayUnit="bar") "Pressure";
  type AbsolutePressure = Pressure(min=0.0, nominal=1e5) "Absolute pressure (not negative)";
  type PressureDifference = Pressure "Pressure difference";
  type Work = Real(final quantity="Work", final unit="J") "Work";
  type Energy = Real(final quantity="Energy", final unit="J") "Energy";
  type PotentialEnergy = Energy "Potential energy";
  type KineticEnergy = Energy "Kinetic energy";
  type Power = Real(final quantity="Power", final unit="W") "Power";
  type Efficiency = Real(final quantity="Efficiency", final unit="1", min=0) "Efficiency";
  type MassFlowRate = Real(quantity="MassFlowRate", final unit="kg/s") "Mass flow rate";
  type VolumeFlowRate = Real(final quantity="VolumeFlowRate", final unit="m3/s") "Volume flow rate";

  // Heat
  type ThermodynamicTemperature = Real(final quantity="ThermodynamicTemperature", final unit="K", min=0.0, start=288.15, nominal=300, displayUnit="degC") "Absolute temperature (use TemperatureDifference for relative temperatures)";
  type Temperature = ThermodynamicTemperature "Absolute temperature";
  type TemperatureDifference = Real(final quantity="ThermodynamicTemperature", final unit="K") "Difference of two temperatures";
  type LinearTemperatureCoefficient = Real(final quantity="LinearTemperatureCoefficient", final unit="1/K") "Linear temperature coefficient";
  type Heat = Real(final quantity="Energy", final unit="J") "Heat";
  type HeatFlowRate = Real(final quantity="Power", final unit="W") "Heat flow rate";
  type ThermalConductance = Real(final quantity="ThermalConductance", final unit="W/K") "Thermal conductance";
  type HeatCapacity = Real(final quantity="HeatCapacity", final unit="J/K") "Heat capacity";
  type SpecificHeatCapacity = Real(final quantity="SpecificHeatCapacity", final unit="J/(kg.K)") "Specific heat capacity";

  // Electricity and magnetism
  type ElectricCurrent = Real(final quantity="ElectricCurrent", final unit="A") "Electric current";
  type Current = ElectricCurrent "Electric current";
  type ElectricCharge = Real(final quantity="ElectricCharge", final unit="C") "Electric charge";
  type Charge = ElectricCharge "Electric charge";
  type ElectricPotential = Real(final quantity="ElectricPotential", final unit="V") "Electric potential";
  type Voltage = ElectricPotential "Voltage (potential difference)";
  type Capacitance = Real(final quantity="Capacitance", final unit="F", min=0) "Capacitance";
  type Inductance = Real(final quantity="Inductance", final unit="H") "Inductance";
  type Resistance = Real(final quantity="Resistance", final unit="Ohm") "Resistance";
  type Conductance = Real(final quantity="Conductance", final unit="S") "Conductance";
  type MagneticFlux = Real(final quantity="MagneticFlux", final unit="Wb") "Magnetic flux";
  type ElectricalTorqueConstant = Real(final quantity="ElectricalTorqueConstant", final unit="N.m/A") "Torque constant of an electrical machine";
  type ActivePower = Real(final quantity="Power", final unit="W") "Active power";
  type FaradayConstant = Real(final quantity="FaradayConstant", final unit="C/mol") "Faraday constant";
  annotation (Documentation(info="<html>
<p>A type per physical quantity. <code>quantity</code> and <code>unit</code> are final;
<code>displayUnit</code>, <code>min</code>, <code>max</code>, <code>start</code> and
<code>nominal</code> may be modified where a component is declared.</p>
</html>"));
end SI;
