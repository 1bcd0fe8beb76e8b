within Modelica.Mechanics.Translational.Interfaces;
partial model PartialRigid "Rigid connection of two flanges: a body of length L whose centre is at s"
  SI.Position s "Absolute position of center of component (s = flange_a.s + L/2 = flange_b.s - L/2)";
  parameter SI.Length L = 0 "Length of component, from left flange to right flange (= flange_b.s - flange_a.s)";
  Flange_a flange_a "Left flange of translational component";
  Flange_b flange_b "Right flange of translational component";
equation
  flange_a.s = s - L/2;
  flange_b.s = s + L/2;
end PartialRigid;
