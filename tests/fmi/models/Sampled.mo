model Sampled "counts the instants of sample(0, 0.3): n = 1 + floor(t / 0.3)"
  discrete Integer n(start = 0, fixed = true);
equation
  when sample(0, 0.3) then
    n = pre(n) + 1;
  end when;
  annotation(experiment(StopTime = 1));
end Sampled;
