// Two masses coupled by a spring-damper whose relative position carries its stateSelect through
// a parameter, as the MSL's SpringDamper does (`s_rel(stateSelect = stateSelect)` with
// `parameter StateSelect stateSelect = StateSelect.prefer`). The parameter is evaluated during
// translation, so srel is preferred as a state over the positions x1 and x2; given by a
// parameter it used to be ignored (x1 and x2 were the states). A dummy derivative
// replaces der(x2).
model StateSelectByParameter
  parameter StateSelect sel = StateSelect.prefer;
  Real x1(start = 0, fixed = true);
  Real v1(start = 1, fixed = true);
  Real x2(start = 0);
  Real v2(start = 0, fixed = true);
  Real srel(stateSelect = sel, start = 0, fixed = true);
  Real vrel "der(srel), as SpringDamper's v_rel";
equation
  v1 = der(x1);
  der(v1) = 100*srel + 10*vrel;
  v2 = der(x2);
  der(v2) = -(100*srel + 10*vrel);
  srel = x2 - x1;
  vrel = der(srel);
  annotation(experiment(StopTime = 1));
end StateSelectByParameter;
