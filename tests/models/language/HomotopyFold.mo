// A homotopy path that ends in a fold (MLS 3.7.4.4): the simplified problem x - 1 = 0 has the
// solution 1, but lambda * (x^2 + 1) + (1 - lambda) * (x - 1) = 0 has real solutions only while
// its discriminant 1 + 2 lambda - 7 lambda^2 is not negative, that is up to
// lambda = (1 + 2 sqrt(2)) / 7 = 0.5469; the actual problem x^2 + 1 = 0 has none. The run
// must stop at time 0 naming the lambda the continuation reached and the loop that failed.
model HomotopyFold
  Real x(start = 0);
equation
  0 = homotopy(x^2 + 1, x - 1);
  annotation(experiment(StartTime = 0, StopTime = 1));
end HomotopyFold;
