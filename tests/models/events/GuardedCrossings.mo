// Crossing guards (backend/program/src/crossing_guards.cpp): a relation whose value cannot
// matter until the next event generates no events until then. `zero` is zero up to rounding,
// so its relation flips with every few steps of x; it only matters while `never` holds, which
// no event makes true, so with guarded = true it generates no event (with guarded = false it
// does). The relation x > 0.75 only matters once `armed`, set by the event at x = 0.25, holds:
// masked before, it fires at 0.75 all the same.
model GuardedCrossings
  parameter Boolean guarded = true;
  Real x(start = 0, fixed = true) "x = time";
  Real zero = (x + 0.1) - 0.1 - x "zero up to rounding";
  Boolean armed(start = false, fixed = true);
  Boolean never(start = false, fixed = true);
  Boolean noisy "false while guarded";
  Boolean fired "x > 0.75 once armed";
equation
  der(x) = 1;
  when x > 0.25 then
    armed = true;
  end when;
  when x > 2 then
    never = true;
  end when;
  noisy = (never or not guarded) and zero > 0;
  fired = armed and x > 0.75;
  annotation(experiment(StopTime = 1, Tolerance = 1e-8, Interval = 0.01));
end GuardedCrossings;
