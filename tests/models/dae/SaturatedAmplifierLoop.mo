// The MSL's OpAmps.LCOscillator written out: an LC tank undamped by an amplifier whose output
// saturates without events (IdealizedOpAmpLimited with strict = true): vout = V0 vin clamped
// to +-Vs, vin = v - vn, and the divider R1, R2 feeds vout back: vn = vout R1 / (R1 + R2).
// The torn loop's residual changes slope from 0 to V0 = 15000 where vout enters saturation;
// the solution stays linear, but IDA's Newton iterates on the opened loop crossed the kink and
// failed (IDA_CONV_FAIL at t = 2.3e-3) before such a loop was left closed, solved inside each
// evaluation. Linear, vout = g v with g = V0 / (1 + V0 R1 / (R1 + R2)) (about 1.001): the tank
// C v'' - (g - 1)/R v' + v/L = 0 grows slowly, v = exp(a t) (10 cos(b t) + 10 a/b sin(b t)),
// a = (g - 1) / (2 R C), b = sqrt(1/(L C) - a^2); |vout| stays near 10 < Vs.
model SaturatedAmplifierLoop
  parameter Real V0 = 15000 "open-loop gain";
  parameter Real Vs = 15 "output limit";
  parameter Real A = 1.001 "gain of the feedback amplifier";
  parameter Real f = 1000;
  parameter Real L = 0.001;
  parameter Real C = 1/((2*3.141592653589793*f)^2*L);
  parameter Real R = 10000;
  parameter Real R1 = 10000;
  parameter Real R2 = (A - 1)*R1;
  Real v(start = 10, fixed = true) "capacitor voltage";
  Real iL(start = 0, fixed = true) "inductor current";
  Real vin, vout, vn, i2;
equation
  vin = v - vn;
  vout = smooth(0, noEvent(if V0*vin > Vs then Vs else if V0*vin < -Vs then -Vs else V0*vin));
  vout - vn = R2*i2;
  vn = R1*i2;
  C*der(v) = (vout - v)/R - iL;
  L*der(iL) = v;
  annotation(experiment(StopTime = 0.01, Tolerance = 1e-4));
end SaturatedAmplifierLoop;
