// Two masses coupled by a spring-damper written in relative coordinates, as the MSL's
// SpringDamper is (PartialCompliantWithRelativeStates: s_rel and v_rel = der(s_rel), both
// stateSelect = prefer). vrel can be a state only if index reduction differentiates the
// velocity constraint vrel = v2 - v1, which nothing else asks for; with vrel a state, v2 is the
// dummy, so reinit(v1, 0) stops both masses (vrel keeps its value, 0) instead of setting the
// spring-damper swinging (Modelica.Mechanics.Translational.Examples.HeatLosses).
model PreferredRelativeVelocity
  Real x1(start = 0, fixed = true);
  Real v1(start = 1, fixed = true);
  Real x2;
  Real v2(start = 1, fixed = true);
  Real srel(stateSelect = StateSelect.prefer, start = 0, fixed = true);
  Real vrel(stateSelect = StateSelect.prefer);
  Real f;
equation
  v1 = der(x1);
  der(v1) = f;
  v2 = der(x2);
  der(v2) = -f;
  srel = x2 - x1;
  vrel = der(srel);
  f = 100*srel + 10*vrel;
  when time >= 0.5 then
    reinit(v1, 0);
  end when;
  annotation(experiment(StopTime = 1));
end PreferredRelativeVelocity;
