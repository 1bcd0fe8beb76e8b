// A when-statement has no meaning in an initial algorithm (MLS 11.2.7).
model FailInitialAlgorithmWhen
  discrete Real d;
  Real x(start = 1, fixed = true);
initial algorithm
  when x > 2 then
    d := 1;
  end when;
equation
  der(x) = x;
  when x > 3 then
    d = 2;
  end when;
end FailInitialAlgorithmWhen;
// CHECK: fail_initial_algorithm_when.mo:6:3: error[E0503]: a when-statement cannot be used in an initial algorithm section (MLS 11.2.7)
