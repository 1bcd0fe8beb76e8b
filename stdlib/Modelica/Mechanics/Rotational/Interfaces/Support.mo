within Modelica.Mechanics.Rotational.Interfaces;
connector Support "Support (housing) flange of a rotational component"
  SI.Angle phi "Absolute rotation angle of the support/housing";
  flow SI.Torque tau "Reaction torque in the support/housing";
end Support;
