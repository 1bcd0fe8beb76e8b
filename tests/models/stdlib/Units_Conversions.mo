model Units_Conversions "Modelica.Units.Conversions on signals of time, and SI/NonSI typed variables"
  Modelica.Units.NonSI.Temperature_degC T_degC = 20 + 10*time "Temperature in degC";
  Modelica.Units.SI.Temperature T_K = Modelica.Units.Conversions.from_degC(T_degC) "Same temperature in K";
  Modelica.Units.NonSI.Temperature_degC T_back = Modelica.Units.Conversions.to_degC(T_K) "Back to degC";
  Modelica.Units.SI.Angle phi = Modelica.Units.Conversions.from_deg(90*time) "90*t degrees in rad";
  Modelica.Units.NonSI.Angle_deg phi_deg = Modelica.Units.Conversions.to_deg(phi) "Back to degrees";
  Modelica.Units.SI.AngularVelocity w = Modelica.Units.Conversions.from_rpm(60*time) "60*t rpm in rad/s";
  Modelica.Units.NonSI.AngularVelocity_rpm n = Modelica.Units.Conversions.to_rpm(w) "Back to rpm";
  Modelica.Units.SI.Velocity v = Modelica.Units.Conversions.from_kmh(36*time) "36*t km/h in m/s";
  Modelica.Units.NonSI.Velocity_kmh v_kmh = Modelica.Units.Conversions.to_kmh(v) "Back to km/h";
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Units_Conversions;
