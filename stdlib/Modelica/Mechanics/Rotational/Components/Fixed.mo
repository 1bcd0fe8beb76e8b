within Modelica.Mechanics.Rotational.Components;
model Fixed "Flange fixed in the housing at a given angle"
  parameter SI.Angle phi0 = 0 "Fixed offset angle of housing";
  Interfaces.Flange_b flange "(right) flange fixed in housing";
equation
  flange.phi = phi0;
end Fixed;
