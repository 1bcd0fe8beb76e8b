within Modelica.Mechanics.Rotational.Interfaces;
partial model PartialTwoFlanges "Component with two rotational flanges"
  Flange_a flange_a "Flange of left shaft";
  Flange_b flange_b "Flange of right shaft";
end PartialTwoFlanges;
