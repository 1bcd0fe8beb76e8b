// Index 2 with a static choice: the source equation is differentiated once; u becomes a
// dummy state and der(u) a dummy derivative, leaving no state at all.
model CapacitorOnSource
  parameter Real C = 1e-3;
  Real u, i;
equation
  u = sin(time);
  C*der(u) = i;
end CapacitorOnSource;
// CHECK: model CapacitorOnSource
// CHECK-NEXT: states (0):
// CHECK-NEXT: dummy derivatives (1): der(u)
// CHECK-NEXT: dummy states (1): u
// CHECK-NEXT: algebraic variables (1): i
// CHECK: differentiated equations (1):
// CHECK-NEXT: der(u) = cos(time)  (d/dt of u = sin(time))  // {{.*}}:7:3
// CHECK: blocks (3, 0 algebraic loops):
// CHECK-NEXT: u := sin(time)
// CHECK-NEXT: der(u) := cos(time)
// CHECK-NEXT: i := C*der(u)
