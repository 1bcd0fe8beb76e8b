// Integer subscripts that change during simulation (MLS 10.5), as the MSL's MultiSwitch and
// RealFFT use them: i counts the samples at 0.25, 0.5, 0.75, 1; y = table[i] once i > 0;
// buf[i] := time records each sample instant while i <= 3, and grid[i, j] := i + 10 j fills
// the cells of a 2 x 2 matrix along its diagonal (j = i) for i <= 2.
model IntegerSubscripts
  parameter Real table[4] = {10, 20, 30, 40};
  Integer i(start = 0, fixed = true);
  Real y;
  discrete Real buf[3](each start = 0, each fixed = true);
  discrete Real grid[2, 2](each start = 0, each fixed = true);
equation
  y = if i == 0 then -1 else table[i];
algorithm
  when sample(0.25, 0.25) then
    i := pre(i) + 1;
    if i <= 3 then
      buf[i] := time;
    end if;
    if i <= 2 then
      grid[i, i] := i + 10 * i;
    end if;
  end when;
  annotation(experiment(StopTime = 1.1, Interval = 0.05));
end IntegerSubscripts;
