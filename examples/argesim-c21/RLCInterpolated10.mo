// ARGESIM C21, case 2: the interpolated Shockley diode model (37) of RLCInterpolated.mo with 10
// breakpoints (n sizes arrays, so it is set here, not by --override; run with --lib this folder).
model RLCInterpolated10 "ARGESIM C21 RLC circuit, interpolated Shockley diode, 10 breakpoints"
  extends RLCInterpolated(n = 10);
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCInterpolated10;
