within Modelica.Mechanics.Translational.Components;
model Mass "Sliding mass with inertia"
  parameter SI.Mass m(min=0, start=1) "Mass of the sliding mass";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use s and v as states";
  extends Interfaces.PartialRigid(L=0, s(start=0, stateSelect=stateSelect));
  SI.Velocity v(start=0, stateSelect=stateSelect) "Absolute velocity of component";
  SI.Acceleration a(start=0) "Absolute acceleration of component";
equation
  v = der(s);
  a = der(v);
  m*a = flange_a.f + flange_b.f;
end Mass;
