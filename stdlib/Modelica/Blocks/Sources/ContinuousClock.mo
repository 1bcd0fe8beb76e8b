within Modelica.Blocks.Sources;
block ContinuousClock "Time since startTime as a signal (offset before startTime)"
  extends Interfaces.SignalSource;
equation
  y = offset + (if time < startTime then 0 else time - startTime);
end ContinuousClock;
