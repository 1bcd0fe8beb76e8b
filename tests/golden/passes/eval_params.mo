// eval-params replaces a parameter with Evaluate = true by its value (MLS 18.3), so the
// product folds; the ordinary parameter stays a parameter.
// ARGS: --print-after eval-params
model EvalParams
  parameter Real k = 2 annotation(Evaluate = true);
  parameter Real c = 3;
  Real x(start = 1, fixed = true);
equation
  der(x) = -k * c * x;
end EvalParams;
// CHECK-LABEL: --- after eval-params ---
// CHECK: parameter c = 3
// CHECK: der(x) = -2.0*c*x  // {{.*}}eval_params.mo:9:3
// CHECK-NOT: --- after
// CHECK: EvalParams: simulated from 0 to 1
