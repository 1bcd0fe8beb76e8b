// As RedundantInitialEquations, but b says pre(u) = true: the redundant initial equation
// does not hold (MLS 8.6), so the run stops at initialization with exit code 3.
model InconsistentInitialEquations
  block Rising
    input Boolean u;
    output Boolean y;
    parameter Boolean pre_u_start = false;
  initial equation
    pre(u) = pre_u_start;
  equation
    y = edge(u);
  end Rising;
  Boolean signal = time > 0.5;
  Rising a(u = signal);
  Rising b(u = signal, pre_u_start = true);
  Integer count(start = 0, fixed = true);
equation
  when a.y or b.y then
    count = pre(count) + 1;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end InconsistentInitialEquations;
