model DomainError "log(x - 2) leaves its domain when x falls below 2, at t = 1"
  Real x(start = 3, fixed = true);
  Real y;
equation
  der(x) = -1;
  y = log(x - 2);
  annotation(experiment(StopTime = 2, Interval = 0.1));
end DomainError;
