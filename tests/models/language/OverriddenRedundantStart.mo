model OverriddenRedundantStart "A fixed start value that the initialization does not need, overridden"
  // y is determined by x (x + y = 1), so y's fixed start value is redundant: MLS 8.6 removes it
  // and the runtime checks it at the end of initialization, against the start value y had
  // there (an --override of y, too): --override x=0.2 --override y=0.8 is consistent.
  Real x(start = 0.5, fixed = true);
  Real y(start = 0.5, fixed = true);
equation
  der(x) = -x;
  x + y = 1;
end OverriddenRedundantStart;
