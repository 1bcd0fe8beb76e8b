model WhenVariableFixedInitially "Initial equations fix variables of when-clauses that are inactive at initialization"
  // MLS 3.6 section 8.6: an inactive when-clause leaves its variables at pre(), so pre(x) is an
  // unknown of the initialization problem and `x = 1` determines it (compliance suite,
  // Operators/Events/Pre and Edge).
  discrete Real x;
  discrete Integer n;
  Boolean late = time > 0.5;
initial equation
  x = 1.0;
  n = 3;
equation
  when time >= 0.25 then
    x = pre(x) + 1.0;
  end when;
  when edge(late) then
    n = pre(n) * 2;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.125));
end WhenVariableFixedInitially;
