within Modelica.Mechanics.Translational.Interfaces;
partial model PartialTwoFlanges "Component with two translational flanges"
  Flange_a flange_a "Flange of left end";
  Flange_b flange_b "Flange of right end";
end PartialTwoFlanges;
