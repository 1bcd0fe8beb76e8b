// build-program lays the schedules out into the ABI functions of sim::Program.
// ARGS: --print-after build-program
model BuildProgram
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end BuildProgram;
// CHECK-LABEL: --- after build-program ---
// CHECK-NEXT: program BuildProgram (1 states, 0 values)
// CHECK: derivatives:
// CHECK-NEXT: der(x) := -x
// CHECK: jacobian:
// CHECK-NEXT: d der(x) / d x = -1.0
// CHECK: BuildProgram: simulated from 0 to 1
