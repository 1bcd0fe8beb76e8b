within Modelica.Mechanics.Translational.Components;
model ElastoGap "1D translational spring damper combination with gap: pushes only while s_rel < s_rel0"
  extends Interfaces.PartialCompliantWithRelativeStates;
  parameter SI.TranslationalSpringConstant c(final min=0, start=1) "Spring constant";
  parameter SI.TranslationalDampingConstant d(final min=0, start=1) "Damping constant";
  parameter SI.Position s_rel0 = 0 "Unstretched spring length";
  parameter Real n(final min=1) = 1 "Exponent of spring force ( f_c = -c*|s_rel-s_rel0|^n )";
  extends Interfaces.PartialElementaryConditionalHeatPortWithoutT;
  Boolean contact "= true, if contact, otherwise no contact";
protected
  SI.Force f_c "Spring force";
  SI.Force f_d2 "Linear damping force";
  SI.Force f_d "Damping force, bounded by the spring force (|f_d| <= |f_c|) so that contact never pulls";
equation
  contact = s_rel < s_rel0;
  // Both forces vanish at the contact boundary, so f is continuous there; the bound on f_d
  // keeps the contact force pushing (f <= 0) while the bodies separate
  f_c = smooth(1, noEvent(if contact then -c*abs(s_rel - s_rel0)^n else 0));
  f_d2 = if contact then d*v_rel else 0;
  f_d = smooth(0, noEvent(if contact then (if f_d2 < f_c then f_c elseif f_d2 > -f_c then -f_c else f_d2) else 0));
  f = f_c + f_d;
  lossPower = f_d*v_rel;
end ElastoGap;
