within Modelica.Mechanics.Translational.Interfaces;
partial model PartialCompliantWithRelativeStates "Compliant connection of two flanges, with the relative distance and velocity as preferred states"
  parameter StateSelect stateSelect = StateSelect.prefer "Priority to use s_rel and v_rel as states";
  parameter SI.Distance s_nominal = 1e-4 "Nominal value of s_rel (used for scaling)";
  Flange_a flange_a "Left flange of compliant 1-dim. translational component";
  Flange_b flange_b "Right flange of compliant 1-dim. translational component";
  SI.Position s_rel(start=0, stateSelect=stateSelect, nominal=s_nominal) "Relative distance (= flange_b.s - flange_a.s)";
  SI.Velocity v_rel(start=0, stateSelect=stateSelect) "Relative velocity (= der(s_rel))";
  SI.Force f "Force between flanges (= flange_b.f)";
equation
  s_rel = flange_b.s - flange_a.s;
  v_rel = der(s_rel);
  flange_b.f = f;
  flange_a.f = -f;
end PartialCompliantWithRelativeStates;
