// buf has 2 elements and i reaches 3 at t = 0.75: the assignment buf[i] := time is out of
// range there (MLS 10.5), so the run stops at 0.75 with exit code 3.
model IntegerSubscriptOutOfRange
  Integer i(start = 0, fixed = true);
  discrete Real buf[2](each start = 0, each fixed = true);
algorithm
  when sample(0.25, 0.25) then
    i := pre(i) + 1;
    buf[i] := time;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end IntegerSubscriptOutOfRange;
