// MLS 8.6: after initialization pre(v) := v for every variable and event iteration follows.
// x follows pre(aux): 0 while initializing (pre(aux) = aux.start), 1 from that event
// iteration on, so change(x) fires there once and count = 1 from t = 0 on (as the MSL's
// Digital gates see their inputs change right after initialization).
model ChangeAfterInitialization
  Integer aux(start = 0, fixed = true);
  Integer x;
  Integer count(start = 0, fixed = true);
equation
  aux = 1;
  x = pre(aux);
algorithm
  when change(x) then
    count := pre(count) + 1;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end ChangeAfterInitialization;
