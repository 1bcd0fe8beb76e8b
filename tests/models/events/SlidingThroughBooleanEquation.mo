model SlidingThroughBooleanEquation "A relay's sliding mode reached through a Boolean equation"
  // der(x) = -1 while the relay is on, +1 while it is off, x(0) = 0.5: at t = 0.5 both vector
  // fields point to x = 0 (a sliding mode), so the relay chatters and the run must stop there.
  // The fields differ by 2 on either side: this is no continuous switch (compare an ideal diode
  // at its knee, whose sides agree), and the runtime must not take it for one. The relation
  // reaches the derivative through the Boolean `on` (SlidingThroughWhenClause.mo: through a
  // when-clause).
  Real x(start = 0.5, fixed = true);
  Boolean on;
equation
  on = x > 0 or time > 100;
  der(x) = if on then -1 else 1;
  annotation(experiment(StopTime = 1, Tolerance = 1e-10));
end SlidingThroughBooleanEquation;
