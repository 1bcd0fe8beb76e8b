model RampSwitch "x = t; y steps from 0 to 1 at the state event x = 0.5 (t = 0.5)"
  Real x(start = 0, fixed = true);
  Real y;
equation
  der(x) = 1;
  y = if x > 0.5 then 1 else 0;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end RampSwitch;
