// Two positions tied by a gear: one of x1, x2 must be a dummy state. Without stateSelect
// x1 (declared first) stays a state; StateSelect.prefer on x2 keeps x2 instead.
model Gear
  Real x1, x2(stateSelect = StateSelect.prefer), v1, v2, f;
equation
  der(x1) = v1;
  der(x2) = v2;
  der(v1) = f;
  der(v2) = -f - x2;
  x1 = 2*x2;
end Gear;
// CHECK: states (2): x2, v1
// CHECK-NEXT: dummy derivatives (4): der(x1), der(v2), der(der(x1)), der(der(x2))
// CHECK-NEXT: dummy states (2): x1, v2
// CHECK: state sets (0):
