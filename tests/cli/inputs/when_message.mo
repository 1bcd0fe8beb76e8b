model WhenMessage "An assert in a when-clause whose message reads a value that changes at the same event"
  Real x(start = 0, fixed = true);
  Real y;
equation
  der(x) = 1;
  when x > 0.5 then
    assert(false, "y = " + String(y));
  end when;
  y = if x > 0.5 then 10 else 1;
  annotation(experiment(StopTime = 1));
end WhenMessage;
