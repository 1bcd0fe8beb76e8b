// delay() before and after time.start + delayTime (MLS 3.7.4.2) in a run that starts at 1:
// y = delay(time, 0.5) is time.start = 1 up to t = 1.5 and t - 0.5 after it, continuous there.
model DelayFromStartTime
  Real y = delay(time, 0.5);
  annotation(experiment(StartTime = 1, StopTime = 2.5, Interval = 0.01));
end DelayFromStartTime;
