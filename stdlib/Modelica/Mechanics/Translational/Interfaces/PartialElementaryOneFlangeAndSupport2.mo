within Modelica.Mechanics.Translational.Interfaces;
partial model PartialElementaryOneFlangeAndSupport2 "Component with one flange and a support that is grounded unless useSupport = true"
  parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded";
  SI.Length s "Distance between flange and support (= flange.s - support.s)";
  Flange_b flange "Flange of component";
  // The support takes the reaction force; its position is that of the housing
  Support support(s=s_support, f=-flange.f) if useSupport "Support/housing of component";
protected
  SI.Length s_support "Absolute position of support flange";
equation
  s = flange.s - s_support;
  if not useSupport then
    s_support = 0;
  end if;
end PartialElementaryOneFlangeAndSupport2;
