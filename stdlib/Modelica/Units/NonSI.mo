within Modelica.Units;
package NonSI "Types for common units outside the SI"
  type Temperature_degC = Real(final quantity="ThermodynamicTemperature", final unit="degC") "Absolute temperature in degrees Celsius";
  type Angle_deg = Real(final quantity="Angle", final unit="deg") "Angle in degrees";
  type AngularVelocity_rpm = Real(final quantity="AngularVelocity", final unit="rev/min") "Angular velocity in revolutions per minute";
  type Velocity_kmh = Real(final quantity="Velocity", final unit="km/h") "Velocity in kilometres per hour";
  type Time_hour = Real(final quantity="Time", final unit="h") "Time in hours";
  type Pressure_bar = Real(final quantity="Pressure", final unit="bar") "Absolute pressure in bar";
end NonSI;
