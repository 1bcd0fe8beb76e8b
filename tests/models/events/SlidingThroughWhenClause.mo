model SlidingThroughWhenClause "A relay's sliding mode reached through a when-clause"
  // As SlidingThroughBooleanEquation.mo, with the relay's state assigned by a when-clause: the
  // relation's side, forced in continuous mode, does not reach `on`, so the two sides of the
  // surface look alike there unless the runtime notices that `on` does not follow them.
  Real x(start = 0.5, fixed = true);
  discrete Boolean on(start = true, fixed = true);
equation
  when {x > 0, x < 0} then
    on = x > 0;
  end when;
  der(x) = if on then -1 else 1;
  annotation(experiment(StopTime = 1, Tolerance = 1e-10));
end SlidingThroughWhenClause;
