within Modelica.Mechanics.Rotational.Components;
model Damper "Linear 1D rotational damper"
  extends Interfaces.PartialCompliantWithRelativeStates;
  parameter SI.RotationalDampingConstant d(final min=0, start=0) "Damping constant";
  extends Interfaces.PartialElementaryConditionalHeatPortWithoutT;
equation
  tau = d*w_rel;
  lossPower = tau*w_rel;
end Damper;
