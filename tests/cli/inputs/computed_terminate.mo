model ComputedTerminate "stops with a message that counts the samples so far"
  Real x(start = 1, fixed = true);
  discrete Integer k(start = 0, fixed = true);
equation
  der(x) = -1;
  when sample(0.1, 0.1) then
    k = pre(k) + 1;
  end when;
  when x < 0.45 then
    terminate("x fell below 0.45 after " + String(k) + " samples, x = " +
      String(x, significantDigits = 2));
  end when;
  annotation(experiment(StopTime = 2, Interval = 0.1));
end ComputedTerminate;
