// Parameters that only multiply or select terms of states do not decide the structure (states
// are known to matching, MLS 8.4): they stay parameters that --override changes. A coefficient
// that is 0 in the model (a ball's drag beta * v * abs(v) with beta = 0), and a Boolean that
// chooses between a relation on time and one on a state. Overridden with a = 1 and timed =
// true: x = exp(t), and y switches at t = 0.5 (time > 0.5), not at 0.25 (z = t > 0.25).
model OverridableCoefficients
  parameter Real a = 0;
  parameter Boolean timed = false;
  Real x(start = 1, fixed = true);
  Real z(start = 0, fixed = true);
  Real y;
equation
  der(x) = a*x;
  der(z) = 1;
  y = if (if timed then time > 0.5 else z > 0.25) then 1 else 0;
  annotation(experiment(StopTime = 1, Interval = 0.05));
end OverridableCoefficients;
