within Modelica.Mechanics.Translational.Components;
model Fixed "Fixed flange at a given position"
  parameter SI.Position s0 = 0 "Fixed offset position of housing";
  Interfaces.Flange_b flange "Flange fixed in housing at a given position";
equation
  flange.s = s0;
end Fixed;
