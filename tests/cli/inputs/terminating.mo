model Terminating "stops cleanly when x reaches 0.5"
  Real x(start = 1, fixed = true);
equation
  der(x) = -1;
  when x < 0.5 then
    terminate("x reached its lower limit");
  end when;
  annotation(experiment(StopTime = 2, Interval = 0.1));
end Terminating;
