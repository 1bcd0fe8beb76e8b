model SampledControl "A first-order plant under sampled proportional feedback (zero-order hold)"
  parameter Real K = 2 "controller gain";
  parameter Real T = 0.1 "sampling period in s";
  Real x(start = 1, fixed = true) "plant state";
  discrete Real u(start = 0) "held control signal";
  Integer samples(start = 0) "number of samples taken";
equation
  der(x) = -x + u;
  when sample(0, T) then
    u = -K*x;
    samples = pre(samples) + 1;
  end when;
  annotation(experiment(StopTime = 2, Tolerance = 1e-10, Interval = 0.1));
end SampledControl;
