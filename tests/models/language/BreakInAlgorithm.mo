// break in the unrolled for-loops of a model's algorithm (MLS 11.2.4), as the MSL's Digital
// registers use it. At the k-th sample (t = k - 1) n = k; found is the first i with
// table[i] = n (0 if none) and visited counts the iterations run until then. The inner loop
// of the second search breaks out of itself only: hits counts, over both rows of grid, the
// rows holding n, and scanned the elements looked at up to each row's first n.
model BreakInAlgorithm
  parameter Integer table[5] = {3, 1, 4, 1, 5};
  parameter Integer grid[2, 3] = [1, 2, 3; 3, 4, 5];
  Integer n(start = 0, fixed = true);
  Integer found(start = 0, fixed = true);
  Integer visited(start = 0, fixed = true);
  Integer hits(start = 0, fixed = true);
  Integer scanned(start = 0, fixed = true);
algorithm
  when sample(0, 1) then
    n := pre(n) + 1;
    found := 0;
    visited := 0;
    for i in 1:5 loop
      visited := visited + 1;
      if table[i] == n then
        found := i;
        break;
      end if;
    end for;
    hits := 0;
    scanned := 0;
    for r in 1:2 loop
      for c in 1:3 loop
        scanned := scanned + 1;
        if grid[r, c] == n then
          hits := hits + 1;
          break;
        end if;
      end for;
    end for;
  end when;
  annotation(experiment(StopTime = 5.5, Interval = 0.5));
end BreakInAlgorithm;
