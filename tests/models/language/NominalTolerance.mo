// The nominal attribute scales a state's absolute tolerance (MLS 4.8.6): x starts at 1e-8
// with nominal 1e-8, so its error is controlled relative to that scale; with the absolute
// tolerance at the relative tolerance (1e-6), a value of 1e-8 would be no more than noise.
model NominalTolerance
  parameter Real scale = 1e-8;
  Real x(start = scale, fixed = true, nominal = scale);
equation
  der(x) = -x;
  annotation(experiment(StopTime = 5, Interval = 0.01));
end NominalTolerance;
