within Modelica.Mechanics.Translational.Interfaces;
partial model PartialCompliant "Compliant connection of two flanges, transmitting a force f"
  Flange_a flange_a "Left flange of compliant 1-dim. translational component";
  Flange_b flange_b "Right flange of compliant 1-dim. translational component";
  SI.Position s_rel(start=0) "Relative distance (= flange_b.s - flange_a.s)";
  SI.Force f "Force between flanges (positive in direction of flange axis R)";
equation
  s_rel = flange_b.s - flange_a.s;
  flange_b.f = f;
  flange_a.f = -f;
end PartialCompliant;
