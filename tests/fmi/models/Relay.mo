model Relay "A Van der Pol oscillator whose damping switches where x crosses 1 and -1"
  Real x(start = 2, fixed = true);
  Real y(start = 0, fixed = true);
  discrete Real mu(start = 1, fixed = true) "damping, switched at events";
equation
  der(x) = y;
  der(y) = mu*(1 - x^2)*y - x;
  when x > 1 then
    mu = 2;
  elsewhen x < -1 then
    mu = 0.5;
  end when;
  annotation(experiment(StopTime = 10, Tolerance = 1e-8, Interval = 0.1));
end Relay;
