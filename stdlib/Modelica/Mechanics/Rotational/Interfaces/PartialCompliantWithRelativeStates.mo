within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialCompliantWithRelativeStates "Compliant connection of two rotational flanges, with the relative angle and speed as preferred states"
  parameter SI.Angle phi_nominal(displayUnit="rad", min=0.0) = 1e-4 "Nominal value of phi_rel (used for scaling)";
  parameter StateSelect stateSelect = StateSelect.prefer "Priority to use phi_rel and w_rel as states";
  SI.Angle phi_rel(start=0, stateSelect=stateSelect, nominal=if phi_nominal >= Modelica.Constants.eps then phi_nominal else 1) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
  SI.AngularVelocity w_rel(start=0, stateSelect=stateSelect) "Relative angular velocity (= der(phi_rel))";
  SI.AngularAcceleration a_rel(start=0) "Relative angular acceleration (= der(w_rel))";
  SI.Torque tau "Torque between flanges (= flange_b.tau)";
  Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
  Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
equation
  phi_rel = flange_b.phi - flange_a.phi;
  w_rel = der(phi_rel);
  a_rel = der(w_rel);
  flange_b.tau = tau;
  flange_a.tau = -tau;
end PartialCompliantWithRelativeStates;
