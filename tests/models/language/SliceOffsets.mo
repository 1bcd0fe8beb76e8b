// Slices whose bounds change in a function loop but whose length does not (MLS 10.5), as the
// MSL's realFFTwriteToFile writes fA[1+3*(i-1):1+3*(i-1)+2, :]: the block of row i holds
// {i, 10 i, 100 i}, so y = {1, 10, 100, 2, 20, 200}.
model SliceOffsets
  function blocks
    input Integer n;
    output Real y[3 * n];
  algorithm
    for i in 1:n loop
      y[1 + 3 * (i - 1):1 + 3 * (i - 1) + 2] := {i, 10 * i, 100 * i};
    end for;
  end blocks;
  parameter Integer n = 2;
  Real y[6] = blocks(n);
  annotation(experiment(StopTime = 1, Interval = 0.1));
end SliceOffsets;
