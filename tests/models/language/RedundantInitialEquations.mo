// Two blocks whose inputs are connected to one signal each say pre(u) = false, as the MSL's
// MathBoolean blocks do: one of the two initial equations is redundant, consistent, and
// removed (MLS 8.6). edge(u) fires once at t = 0.5 in both blocks.
model RedundantInitialEquations
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
  Rising b(u = signal);
  Integer count(start = 0, fixed = true);
equation
  when a.y or b.y then
    count = pre(count) + 1;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end RedundantInitialEquations;
