// Subscripts that change during simulation (MLS 10.5): an enumeration-indexed logic table
// and a Boolean-indexed gain. y = AndTable[One, b]: U (ordinal 1) while b keeps its start U,
// One (3) once b becomes One at t = 0.25; w = gain[time > 0.5]: 2, then 3.
model RuntimeSubscripts
  type L = enumeration(U, Zero, One);
  constant L AndTable[L, L] = [L.U, L.Zero, L.U; L.Zero, L.Zero, L.Zero; L.U, L.Zero, L.One];
  parameter Real gain[Boolean] = {2, 3};
  L a = L.One;
  L b(start = L.U);
  L y;
  Boolean on = time > 0.5;
  Real w = gain[on];
equation
  when time > 0.25 then
    b = L.One;
  end when;
  y = AndTable[a, b];
  annotation(experiment(StopTime = 1, Interval = 0.05));
end RuntimeSubscripts;
