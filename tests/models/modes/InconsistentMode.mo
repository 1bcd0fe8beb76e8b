model InconsistentMode "A mode whose constraint no state satisfies, reached at t = 0.3"
  // A test model of mocc's mode switching (issue 15): a falling mass that a constraint
  // x^2 + 1 = 0 would hold from t = 0.3 on. No real x satisfies it, so the switch into that
  // mode finds no consistent values: the run stops with exit code 3 at t = 0.3, naming the
  // constraint's equation, and keeps the rows up to there.
  Real x(start = 1, fixed = true), v(start = 0, fixed = true), f;
  Boolean attached(start = false);
equation
  der(x) = v;
  der(v) = -9.81 + f;
  if attached then
    x^2 + 1 = 0;
  else
    f = 0;
  end if;
  when time > 0.3 then
    attached = true;
  end when;
  annotation(experiment(StopTime = 1));
end InconsistentMode;
