within Modelica.Units;
package Conversions "Conversion functions between SI and non-SI units"
  import Modelica.Units.SI;
  import Modelica.Units.NonSI;

  function to_degC "Convert from kelvin to degrees Celsius"
    input SI.Temperature Kelvin "Temperature in K";
    output NonSI.Temperature_degC Celsius "Temperature in degC";
  algorithm
    Celsius := Kelvin + Modelica.Constants.T_zero;
  end to_degC;

  function from_degC "Convert from degrees Celsius to kelvin"
    input NonSI.Temperature_degC Celsius "Temperature in degC";
    output SI.Temperature Kelvin "Temperature in K";
  algorithm
    Kelvin := Celsius - Modelica.Constants.T_zero;
  end from_degC;

  function to_deg "Convert from radians to degrees"
    input SI.Angle radian "Angle in rad";
    output NonSI.Angle_deg degree "Angle in deg";
  algorithm
    degree := (180.0/Modelica.Constants.pi)*radian;
  end to_deg;

  function from_deg "Convert from degrees to radians"
    input NonSI.Angle_deg degree "Angle in deg";
    output SI.Angle radian "Angle in rad";
  algorithm
    radian := (Modelica.Constants.pi/180.0)*degree;
  end from_deg;

  function to_rpm "Convert from radians per second to revolutions per minute"
    input SI.AngularVelocity rs "Angular velocity in rad/s";
    output NonSI.AngularVelocity_rpm rpm "Angular velocity in rev/min";
  algorithm
    rpm := (30/Modelica.Constants.pi)*rs;
  end to_rpm;

  function from_rpm "Convert from revolutions per minute to radians per second"
    input NonSI.AngularVelocity_rpm rpm "Angular velocity in rev/min";
    output SI.AngularVelocity rs "Angular velocity in rad/s";
  algorithm
    rs := (Modelica.Constants.pi/30)*rpm;
  end from_rpm;

  function to_kmh "Convert from metres per second to kilometres per hour"
    input SI.Velocity ms "Velocity in m/s";
    output NonSI.Velocity_kmh kmh "Velocity in km/h";
  algorithm
    kmh := 3.6*ms;
  end to_kmh;

  function from_kmh "Convert from kilometres per hour to metres per second"
    input NonSI.Velocity_kmh kmh "Velocity in km/h";
    output SI.Velocity ms "Velocity in m/s";
  algorithm
    ms := kmh/3.6;
  end from_kmh;
end Conversions;
