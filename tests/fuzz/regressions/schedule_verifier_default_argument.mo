// Found by tools/fuzz (translate, AddressSanitizer): the schedule verifier kept a reference to
// its default argument, an empty list that lived only as long as the constructor call.
model Sampled "counts the instants of sample(0, 0.3): n = 1 + floor(t / 0.3)"
  discrete Integer n(start = 0, fixed = true);
equation
  when sample(0, 0.3) then
    n = pre(n) + 1;
  end when;
  annotation(experiment(StopTime = 1));
end Sampled;
