// A variable that an algorithm section assigns in a when-statement and an initial algorithm
// assigns too (the pattern of digital converters): at initialization the when-statement is
// inactive, so y = pre(y) and the initial algorithm determines both (MLS 8.6); y = -1 until
// the time event at 0.5, then 7. With der(x) = y: x = -t, then -0.5 + 7 (t - 0.5).
model InitialAlgorithmAndWhenStatement
  Integer y;
  Real x(start = 0, fixed = true);
initial algorithm
  y := -1;
algorithm
  when time >= 0.5 then
    y := 7;
  end when;
equation
  der(x) = y;
  annotation(experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-8, Interval = 0.1));
end InitialAlgorithmAndWhenStatement;
