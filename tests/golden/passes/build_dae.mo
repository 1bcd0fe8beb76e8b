// build-dae classifies the flat model's variables (parameter, state, derivative, algebraic,
// discrete) and keeps the when-clause as such (MLS appendix B).
// ARGS: --print-after build-dae
model BuildDae
  parameter Real k = 2;
  Real x(start = 1, fixed = true);
  Real y;
  discrete Integer n(start = 0);
equation
  der(x) = -k * x;
  y = 3 * x;
  when x < 0.5 then
    n = pre(n) + 1;
  end when;
end BuildDae;
// CHECK-LABEL: --- after build-dae ---
// CHECK: parameter k = 2
// CHECK-NEXT: state x (start 1)
// CHECK-NEXT: algebraic y
// CHECK-NEXT: discrete n (start 0)
// CHECK-NEXT: derivative der(x)
// CHECK-NEXT: internal $whenCondition1
// CHECK: der(x) = -k*x  // {{.*}}build_dae.mo:10:3
// CHECK-NEXT: y = 3*x
// CHECK-NEXT: $whenCondition1 = x < 0.5
// CHECK: when $whenCondition1
// CHECK-NEXT: n := pre(n) + 1
// CHECK-NOT: --- after
// CHECK: BuildDae: simulated from 0 to 1
