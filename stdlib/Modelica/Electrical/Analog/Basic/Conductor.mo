within Modelica.Electrical.Analog.Basic;
model Conductor "Ideal linear conductor with a linear temperature coefficient"
  parameter SI.Conductance G(start=1) "Conductance at temperature T_ref";
  parameter SI.Temperature T_ref = 300.15 "Reference temperature";
  parameter SI.LinearTemperatureCoefficient alpha = 0 "Temperature coefficient of conductance (G_actual = G/(1 + alpha*(T_heatPort - T_ref)))";
  extends Interfaces.OnePort;
  extends Interfaces.ConditionalHeatPort(T=T_ref);
  SI.Conductance G_actual "Actual conductance = G/(1 + alpha*(T_heatPort - T_ref))";
equation
  assert(1 + alpha*(T_heatPort - T_ref) >= Modelica.Constants.eps, "Temperature outside scope of model");
  G_actual = G/(1 + alpha*(T_heatPort - T_ref));
  i = G_actual*v;
  LossPower = v*i;
end Conductor;
