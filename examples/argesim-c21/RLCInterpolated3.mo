// ARGESIM C21, case 2: the interpolated Shockley diode model (37) of RLCInterpolated.mo with 3
// breakpoints (n sizes arrays, so it is set here, not by --override; run with --lib this folder).
model RLCInterpolated3 "ARGESIM C21 RLC circuit, interpolated Shockley diode, 3 breakpoints"
  extends RLCInterpolated(n = 3);
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCInterpolated3;
