within Modelica.Mechanics.Translational.Components;
model Damper "Linear 1D translational damper"
  extends Interfaces.PartialCompliantWithRelativeStates;
  parameter SI.TranslationalDampingConstant d(final min=0, start=0) "Damping constant";
  extends Interfaces.PartialElementaryConditionalHeatPortWithoutT;
equation
  f = d*v_rel;
  lossPower = f*v_rel;
end Damper;
