within Modelica.Mechanics.Translational.Components;
model Spring "Linear 1D translational spring"
  extends Interfaces.PartialCompliant;
  parameter SI.TranslationalSpringConstant c(final min=0, start=1) "Spring constant";
  parameter SI.Distance s_rel0 = 0 "Unstretched spring length";
equation
  f = c*(s_rel - s_rel0);
end Spring;
