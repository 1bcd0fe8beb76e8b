// trivial-elim removes an equation that folds to 0 = 0 (here once eval-params has made the
// structural parameter's term vanish).
// ARGS: --print-after trivial-elim
model TrivialElim
  parameter Real k = 0 annotation(Evaluate = true);
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  k * y = 0 * x;
  y = 2 * x;
end TrivialElim;
// CHECK-LABEL: --- after trivial-elim ---
// CHECK: equations:
// CHECK-NEXT: der(x) = -x  // {{.*}}trivial_elim.mo:9:3
// CHECK-NEXT: y = 2*x  // {{.*}}trivial_elim.mo:11:3
// CHECK-NEXT: when-clauses:
// CHECK: TrivialElim: simulated from 0 to 1
