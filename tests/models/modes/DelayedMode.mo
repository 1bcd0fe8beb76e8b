model DelayedMode "delay() in a model whose structure changes at t = 0.5"
  // A test model of mocc's mode switching (issue 15): x follows u = 2 until t = 0.5, when it is
  // held at x = 1 (no state any more), and y is x delayed by 0.1. The switch would have to carry
  // delay()'s history into the next mode's model, which mocc does not do yet: the run stops at
  // t = 0.5 with exit code 3 and says so, rather than restart the history there (wrong values
  // of y until t = 0.6), and keeps the rows up to there.
  Real x(start = 1, fixed = true), u, y;
  Boolean held(start = false);
equation
  der(x) = u - x;
  y = delay(x, 0.1);
  if not held then
    u = 2;
  else
    x = 1;
  end if;
  when time > 0.5 then
    held = true;
  end when;
  annotation(experiment(StopTime = 1));
end DelayedMode;
