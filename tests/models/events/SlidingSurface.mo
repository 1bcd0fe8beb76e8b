model SlidingSurface "A relay whose vector fields both point to x = 0 from t = 1 to t = 2: a sliding mode"
  // Above the surface x' = -1, below it x' = 2 - time: x reaches 0 at t = 1 and slides along it
  // (Filippov) while 2 - time > 0, then leaves below: x = -(t - 2)^2/2. On the surface the
  // convex combination a (-1) + (1 - a)(2 - t) = 0 gives a = (2 - t)/(3 - t), so u (the
  // equivalent control) is 0 and y' = a + 3 (1 - a) = 1 + 2/(3 - t): y = t + 2 ln(2/(3 - t)).
  Real x(start = 1, fixed = true);
  Real y(start = 0, fixed = true);
  Real u "the right-hand side of x";
equation
  u = if x > 0 then -1 else 2 - time;
  der(x) = u;
  der(y) = if x > 0 then 1 else 3;
  annotation(experiment(StopTime = 3, Tolerance = 1e-8, Interval = 0.1));
end SlidingSurface;
