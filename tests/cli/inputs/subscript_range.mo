// i = 1 + integer(5 t) reaches 4 at t = 0.6: a[i] has no element 4, an error (MLS 10.5) that
// stops the run with exit code 3 naming the subscript's place, keeping the rows before.
model SubscriptRange
  Real a[3] = {1, 2, 3};
  Integer i = 1 + integer(time * 5);
  Real y = a[i];
  annotation(experiment(StopTime = 1, Interval = 0.1));
end SubscriptRange;
