// Run-time subscripts that only some branches read (MLS 10.5): i = integer(5 t) runs from 0 to
// 5, outside 1..3 of a for most of the run, and every read below is guarded, so the run
// finishes (an unguarded a[i] stops it: tests/cli/inputs/subscript_range.mo).
model GuardedSubscripts
  Real a[3] = {10, 20, 30};
  Integer i = integer(time * 5);
  Real inRange = if i >= 1 and i <= 3 then a[i] else -1 "an if-expression branch";
  Boolean positive = i >= 1 and i <= 3 and a[i] > 15 "the second operand of and";
  Real z;
equation
  if i >= 1 and i <= 3 then
    z = a[i] "an if-equation branch";
  else
    z = 0;
  end if;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end GuardedSubscripts;
