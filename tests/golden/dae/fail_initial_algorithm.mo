// An initial algorithm cannot assign a variable that fixed = true already determines, nor
// contain a when-statement (MLS 8.6, 11.2.7).
model FailInitialAlgorithm
  Real x(start = 1, fixed = true);
  Real y(start = 0);
initial algorithm
  x := 2;
equation
  der(x) = -x;
  der(y) = x;
end FailInitialAlgorithm;
// CHECK: fail_initial_algorithm.mo:6:1: error[E0505]: the initialization problem is over-determined: the initial algorithm assigns 'x', but it has fixed = true (MLS 8.6)
