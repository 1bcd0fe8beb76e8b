within Modelica.Mechanics.Rotational.Interfaces;
connector Flange_a "Rotational flange of a shaft (left flange, filled circle icon in the standard library)"
  SI.Angle phi "Absolute rotation angle of flange";
  flow SI.Torque tau "Cut torque in the flange";
end Flange_a;
