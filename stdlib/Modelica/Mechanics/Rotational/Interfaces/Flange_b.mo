within Modelica.Mechanics.Rotational.Interfaces;
connector Flange_b "Rotational flange of a shaft (right flange, non-filled circle icon in the standard library)"
  SI.Angle phi "Absolute rotation angle of flange";
  flow SI.Torque tau "Cut torque in the flange";
end Flange_b;
