within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialElementaryOneFlangeAndSupport2 "Component with one flange and a support that is grounded unless useSupport = true"
  parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded";
  Flange_b flange "Flange of shaft";
  // The support takes the reaction torque; its angle is that of the housing
  Support support(phi=phi_support, tau=-flange.tau) if useSupport "Support/housing of component";
protected
  SI.Angle phi_support "Absolute angle of support flange";
equation
  if not useSupport then
    phi_support = 0;
  end if;
end PartialElementaryOneFlangeAndSupport2;
