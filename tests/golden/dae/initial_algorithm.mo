// An initial algorithm (MLS 8.6, 11.1) is one block of the initialization problem: it
// determines the parameter k (fixed = false), the state x and the when-clause's output n
// (whose v = pre(v) then leaves n as the algorithm set it); the simulation schedule never
// runs it.
model InitialAlgorithmBlock
  parameter Real T = 0.5;
  parameter Real k(fixed = false);
  Real x(start = 5);
  Integer n;
initial algorithm
  k := 1 / T;
  x := x + k;
  n := integer(x);
equation
  der(x) = -k * x;
  when x < 1 then
    n = pre(n) + 1;
  end when;
end InitialAlgorithmBlock;
// The simulation schedule has no trace of it:
// CHECK: blocks (3, 0 algebraic loops):
// CHECK-NOT: initial algorithm
// CHECK: initialization InitialAlgorithmBlock: 2 unknowns, 2 equations
// CHECK-NEXT: initial algorithm #0 -> k, x, n
// CHECK-NEXT: der(x) := -k*x
// CHECK-NEXT: $whenCondition1 := $rel0(x < 1)
// CHECK-NEXT: when-clause #0
