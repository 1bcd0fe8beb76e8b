within Modelica.Mechanics.Rotational.Components;
model Inertia "1D-rotational component with inertia"
  Interfaces.Flange_a flange_a "Left flange of shaft";
  Interfaces.Flange_b flange_b "Right flange of shaft";
  parameter SI.Inertia J(min=0, start=1) "Moment of inertia";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use phi and w as states";
  SI.Angle phi(stateSelect=stateSelect) "Absolute rotation angle of component";
  SI.AngularVelocity w(stateSelect=stateSelect) "Absolute angular velocity of component (= der(phi))";
  SI.AngularAcceleration a "Absolute angular acceleration of component (= der(w))";
equation
  phi = flange_a.phi;
  phi = flange_b.phi;
  w = der(phi);
  a = der(w);
  J*a = flange_a.tau + flange_b.tau;
end Inertia;
