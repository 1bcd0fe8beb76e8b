model Relay "An ideal relay switching on the sign of a sine: crossings in both directions"
  parameter Real amplitude = 1;
  Real x(start = 0, fixed = true) "integral of the relay output";
  Real u "relay output";
equation
  u = if sin(time) > 0 then amplitude else -amplitude;
  der(x) = u;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 0.05));
end Relay;
