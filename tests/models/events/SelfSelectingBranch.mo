model SelfSelectingBranch "An equation that selects its branch by a relation of its own unknown"
  // v = if v < c then a*u else c + b*(u - c/a) with u falling from 2 c/a at unit rate: v is
  // continuous, c + b (u - c/a) until u = c/a (t = c/a) and a u after. At the event the branch
  // values a*u and c + b*(u - c/a) straddle c by the rounding of a*(c/a) and of the located
  // time (tens of roundings of c), so `v < c` evaluated on the branch just taken flips at every
  // event iteration unless the located crossing decides it (its right limit: v < c after v
  // crossed c downwards) within the root's resolution (model.h, MOCC_CROSSING_RESOLUTION). The
  // test runs several (a, b, c) that flipped forever before. Where b is 10^4 times flatter than
  // a (a = 140.056, b = 0.011) the branches straddle c by more than the resolution: the event
  // iteration returns to the values it had, and the located crossing decides for its side.
  parameter Real a = 140.056;
  parameter Real b = 0.3;
  parameter Real c = 0.65;
  Real u(start = 2*c/a, fixed = true);
  Real v;
equation
  der(u) = -1;
  v = if v < c then a*u else c + b*(u - c/a);
  annotation(experiment(StopTime = 0.00928, Interval = 1e-3, Tolerance = 1e-10));
end SelfSelectingBranch;
