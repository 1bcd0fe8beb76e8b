// A redeclared component keeps the modifiers of the declaration it replaces (MLS 7.3.2):
// without a constraining clause those of the original declaration, with one those of the
// constraining clause. This is how the MSL builds every source (Modelica.Electrical.Analog.
// Interfaces.VoltageSource: `replaceable SignalSource signalSource(final offset = offset,
// final startTime = startTime)`, redeclared by StepVoltage as a Step with `final height = V`).
model RedeclaredSource
  partial block SignalSource
    parameter Real offset = 0;
    parameter Real startTime = 0;
    output Real y;
  end SignalSource;
  block Step
    extends SignalSource;
    parameter Real height = 1;
  equation
    y = offset + (if time < startTime then 0 else height);
  end Step;
  block Ramp
    extends SignalSource;
    parameter Real height = 1;
    parameter Real duration = 1;
  equation
    y = offset + (if time < startTime then 0
                  else if time < startTime + duration then height * (time - startTime) / duration
                  else height);
  end Ramp;
  partial model Source
    parameter Real offset = 0;
    parameter Real startTime = 0;
    replaceable SignalSource signalSource(final offset = offset, final startTime = startTime);
    Real v = signalSource.y;
  end Source;
  model StepSource
    parameter Real V = 1;
    extends Source(redeclare Step signalSource(final height = V));
  end StepSource;
  partial model ConstrainedSource
    parameter Real startTime = 0;
    // The constraining clause's modifier applies to every redeclaration; the declaration's
    // own (height = 5) does not (MLS 7.3.2).
    replaceable Step signalSource(height = 5) constrainedby SignalSource(startTime = startTime);
    Real v = signalSource.y;
  end ConstrainedSource;
  model RampSource
    extends ConstrainedSource(redeclare Ramp signalSource(duration = 2));
  end RampSource;

  StepSource s(V = 3, offset = 2, startTime = 1); // s.v = 2 + (t < 1 ? 0 : 3)
  RampSource r(startTime = 0.5);                  // r.v = clamp((t - 0.5) / 2, 0, 1)
  Real x(start = 0, fixed = true);                // x = 2 t + 3 max(t - 1, 0)
equation
  der(x) = s.v;
  annotation(experiment(StopTime = 3, Interval = 0.25, Tolerance = 1e-10));
end RedeclaredSource;
