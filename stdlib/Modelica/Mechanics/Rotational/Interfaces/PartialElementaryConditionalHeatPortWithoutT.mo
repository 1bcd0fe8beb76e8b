within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialElementaryConditionalHeatPortWithoutT "Loss power of a dissipative component (heat port not supported)"
  parameter Boolean useHeatPort = false "= true, if heatPort is enabled (not supported here: must be false)";
  SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
equation
  assert(not useHeatPort, "useHeatPort = true is not supported: this library has no thermal connectors");
end PartialElementaryConditionalHeatPortWithoutT;
