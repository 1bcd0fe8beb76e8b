within Modelica.Mechanics.Translational.Interfaces;
connector Flange_a "Translational flange (left flange, filled square icon in the standard library)"
  SI.Position s "Absolute position of flange";
  flow SI.Force f "Cut force directed into flange";
end Flange_a;
