model DoubleCrossing "A crossing function that dips below zero for 2 ms while the integrator takes seconds-long steps"
  // x' = 1 is integrated exactly with steps as large as the integrator likes. The crossing
  // function sin(x) + cos(delta) is negative only for |x - 3 pi/2| < delta: two crossings, at
  // t = 3 pi/2 - delta and t = 3 pi/2 + delta, with the function's extreme value
  // cos(delta) - 1 = -5e-7 in between. Evaluating it at step ends only misses both.
  parameter Real delta = 1e-3;
  parameter Real a = cos(delta);
  Real x(start = 0, fixed = true);
  Boolean inside "sin(x) + a < 0";
  Integer entered(start = 0);
  Integer left(start = 0);
equation
  der(x) = 1;
  inside = sin(x) + a < 0;
  when inside then
    entered = pre(entered) + 1;
  end when;
  when not inside then
    left = pre(left) + 1;
  end when;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 10));
end DoubleCrossing;
