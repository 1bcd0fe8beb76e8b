// Slices whose bounds change in a function loop but whose length does not (MLS 10.5), as the
// MSL's realFFTwriteToFile writes fA[1+3*(i-1):1+3*(i-1)+2, :]: the block of row i holds
// {i, 10 i, 100 i}, so y = {1, 10, 100, 2, 20, 200}. As the MSL's
// Polyphase.Functions.indexNonPositiveSequence writes ind[(m-1)*(k-1)+1:(m-1)*k], a length
// (m-1)*k - (m-1)*(k-1) + 1 = m - 1 that only cancels symbolically: for m = 3 and n = 2 the
// blocks {2, 3} and {5, 6} give z = {2, 3, 5, 6}.
model SliceOffsets
  function blocks
    input Integer n;
    output Real y[3 * n];
  algorithm
    for i in 1:n loop
      y[1 + 3 * (i - 1):1 + 3 * (i - 1) + 2] := {i, 10 * i, 100 * i};
    end for;
  end blocks;
  function nonPositive
    input Integer m;
    input Integer n;
    output Integer ind[n * (m - 1)];
  protected
    Integer mBase = m;
  algorithm
    for k in 1:n loop
      ind[(mBase - 1) * (k - 1) + 1:(mBase - 1) * k] := (2:mBase) + mBase * (k - 1) * ones(mBase - 1);
    end for;
  end nonPositive;
  parameter Integer n = 2;
  Real y[6] = blocks(n);
  Integer z[4] = nonPositive(3, n);
  annotation(experiment(StopTime = 1, Interval = 0.1));
end SliceOffsets;
