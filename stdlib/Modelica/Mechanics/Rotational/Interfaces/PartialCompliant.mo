within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialCompliant "Compliant connection of two rotational flanges, transmitting a torque tau"
  SI.Angle phi_rel(start=0) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
  SI.Torque tau "Torque between flanges (= flange_b.tau)";
  Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
  Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
equation
  phi_rel = flange_b.phi - flange_a.phi;
  flange_b.tau = tau;
  flange_a.tau = -tau;
end PartialCompliant;
