// An inverting amplifier around the limited ideal op-amp of the MSL (IdealOpAmpLimited): in
// its middle mode `0 - vN = if s < -1 then s + 1 else if s > 1 then s - 1 else 0` has the
// coefficient 0 for s, so the loop must not be solved for s from it (the coefficient of a
// frozen relation's if-expression counts in every mode). Gain -R2/R1 = -2 with |vOut| <= 2
// below the limits: vOut = -2 sin(2 pi t).
model ModeDependentCoefficient
  parameter Real R1 = 1000, R2 = 2000, VMax = 10, VMin = -10;
  Real vIn = sin(2 * 3.141592653589793 * time);
  Real vN "inverting input";
  Real vOut, s, i;
equation
  i = (vIn - vN) / R1;
  i = (vN - vOut) / R2;
  0 - vN = if s < -1 then s + 1 else if s > 1 then s - 1 else 0;
  vOut = if s < -1 then VMin else if s > 1 then VMax else (VMax - VMin) * s / 2 + (VMax + VMin) / 2;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end ModeDependentCoefficient;
