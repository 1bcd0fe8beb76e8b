model MixedSwap "A mixed loop whose relations cycle under fixed-point iteration at t = 0.5"
  // MLS 3.6 section 8.6: x and y form a loop of Real equations whose branches depend on
  // relations of x and y. With p = x > 0 and q = y > 0, solving the loop for given (p, q) gives
  // relations (q or not p, p). Until t = 0.5 the pair is held at (1, -1), so (p, q) = (true,
  // false). From t = 0.5 on, fixed-point iteration from there visits (false, true) and then
  // (true, false) again: a cycle. The only choice that reproduces itself is (true, true), with
  // x = y = 1; the other three lead elsewhere. So x = 1 throughout and y jumps from -1 to 1.
  Real x, y;
equation
  x = if time < 0.5 then 1 else if y > 0 then 1 else if x > 0 then -1 else 1;
  y = if time < 0.5 then -1 else if x > 0 then 1 else -1;
  annotation(experiment(StopTime = 1, Interval = 0.25));
end MixedSwap;
