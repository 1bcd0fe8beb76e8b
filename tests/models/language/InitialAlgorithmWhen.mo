// An algorithm's `when initial()` branch sets a discrete variable at initialization, and
// `elsewhen sample(0, 0.1)` counts on from it (MLS 8.6, 11.1.2): s = 5 at initialization,
// then 6 at t = 0 (the sample instant at the start time), 7 at 0.1, 8 at 0.2.
model InitialAlgorithmWhen
  discrete Integer s(start = 0, fixed = true);
algorithm
  when initial() then
    s := 5;
  elsewhen sample(0, 0.1) then
    s := pre(s) + 1;
  end when;
end InitialAlgorithmWhen;
