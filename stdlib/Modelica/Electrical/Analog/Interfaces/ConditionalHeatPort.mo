within Modelica.Electrical.Analog.Interfaces;
partial model ConditionalHeatPort "Device temperature and loss power of a component (heat port not supported)"
  parameter Boolean useHeatPort = false "= true, if heatPort is enabled (not supported here: must be false)";
  parameter SI.Temperature T = 293.15 "Fixed device temperature if useHeatPort = false";
  SI.Power LossPower "Loss power leaving component via heatPort";
  SI.Temperature T_heatPort "Temperature of heatPort";
equation
  assert(not useHeatPort, "useHeatPort = true is not supported: this library has no thermal connectors");
  T_heatPort = T;
end ConditionalHeatPort;
