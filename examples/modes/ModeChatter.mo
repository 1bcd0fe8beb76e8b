model ModeChatter "A mode switch that the new mode undoes at once (issue 15: stopped as chattering)"
  // Until x reaches 0.5 the else branch holds (w = 0, so u = x). There `on` becomes true, and
  // the branch of `on` sets u = 0, which makes `on` false again at the same instant: no mode is
  // consistent with the values the other leaves. mocc stops with exit code 3 and names both.
  Real x(start = 0, fixed = true);
  Real u, w;
  Boolean on;
equation
  der(x) = 1;
  u + w = x;
  on = x > 0.5 and u > 0.1;
  if on then
    u = 0;
  else
    w = 0;
  end if;
  annotation(experiment(StopTime = 1));
end ModeChatter;
