// initialization builds the problem at the start time (MLS 8.6): the fixed start value of x,
// the initial equation for v, and the model's equations.
// ARGS: --print-after initialization
model Initialization
  Real x(start = 2, fixed = true);
  Real v;
equation
  der(x) = v;
  der(v) = -x;
initial equation
  v = 0;
end Initialization;
// CHECK-LABEL: --- after initialization ---
// CHECK-NEXT: initialization Initialization: 4 unknowns, 4 equations (2 of the model, 1 initial, 1 fixed start, 0 reinit, 0 start fallback)
// CHECK-DAG: v := 0  // {{.*}}initialization.mo:11:3
// CHECK-DAG: x := 2  // {{.*}}initialization.mo:5:8
// CHECK-DAG: der(x) := v
// CHECK-DAG: der(v) := -x
// CHECK: Initialization: simulated from 0 to 1
