// A function called as a statement for its assert (MLS 11.2): the time event at 0.5 sets
// n = 1, and the algorithm's call checkBelow(n, 1) fails there, so the run stops at 0.5.
model CallStatementAssert
  function checkBelow
    input Integer n;
    input Integer limit;
  algorithm
    assert(n < limit, "n = " + String(n) + " reached the limit " + String(limit));
  end checkBelow;
  Integer n(start = 0, fixed = true);
  Real x;
equation
  when time >= 0.5 then
    n = pre(n) + 1;
  end when;
algorithm
  checkBelow(n, 1);
  x := n + time;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end CallStatementAssert;
