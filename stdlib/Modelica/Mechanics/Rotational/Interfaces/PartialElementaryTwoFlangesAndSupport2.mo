within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialElementaryTwoFlangesAndSupport2 "Component with two flanges and a support that is grounded unless useSupport = true"
  parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded";
  Flange_a flange_a "Flange of left shaft";
  Flange_b flange_b "Flange of right shaft";
  // The support takes the reaction torque of both flanges; its angle is that of the housing
  Support support(phi=phi_support, tau=-flange_a.tau - flange_b.tau) if useSupport "Support/housing of component";
protected
  SI.Angle phi_support "Absolute angle of support flange";
equation
  if not useSupport then
    phi_support = 0;
  end if;
end PartialElementaryTwoFlangesAndSupport2;
