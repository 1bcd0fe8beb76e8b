model ModeChatter "A mode switch that the new mode undoes at once (issue 15: stopped as chattering)"
  // Until x reaches 0.5 the else branch holds (v = 1). There `on` becomes true, and the branch
  // of `on` holds x at 0.5, so v = der(x) = 0 (x is no state in that mode), which makes `on`
  // false again at the same instant: no mode is consistent with the values the other leaves.
  // mocc stops with exit code 3 and names both.
  Real x(start = 0, fixed = true);
  Real v;
  Boolean on;
equation
  der(x) = v;
  on = x > 0.5 and v > 0.1;
  if on then
    x = 0.5;
  else
    v = 1;
  end if;
  annotation(experiment(StopTime = 1));
end ModeChatter;
