// The derivative of y is noise (sin of 1e15 time changes at every evaluation), so no step
// size passes the error test for y, while x integrates exactly: a failure must name y as the
// state whose local error estimate weighs most. The amplitude that exhausts CVODE's error
// test before its step count (1e20) makes IDA's corrector fail first, so IDA runs with 1e12.
model NoisyDerivative
  parameter Real amplitude = 1e20;
  Real x(start = 0, fixed = true);
  Real y(start = 0, fixed = true);
equation
  der(x) = 1;
  der(y) = noEvent(amplitude*sin(1e15*time));
  annotation(experiment(StopTime = 1));
end NoisyDerivative;
