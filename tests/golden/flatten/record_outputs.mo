// Record outputs of a call (MLS 8.3.1, 11.2.1.1, 12.6): `(r, y) = f(x)` in an equation and
// `r := g(x)` in an algorithm equate and assign the record field by field, as the Spice3
// semiconductors' `(cc, m_dCap) = diodeNoBypassCode(...)` and `vp := resistorInitEquations(...)`
// do.
model RecordOutputs
  record Pair
    Real a;
    Real b;
  end Pair;
  function split
    input Real x;
    output Pair p;
    output Real s;
  algorithm
    p := Pair(x, 2*x);
    s := 3*x;
  end split;
  function make
    input Real x;
    output Pair p;
  algorithm
    p := Pair(x + 1, x - 1);
  end make;
  Pair r;
  Real y;
  Pair q;
equation
  (r, y) = split(time);
algorithm
  q := make(time);
end RecordOutputs;

// CHECK: class RecordOutputs
// CHECK: equation
// CHECK-NEXT:   r.a = RecordOutputs.split(time)[1];
// CHECK-NEXT:   r.b = RecordOutputs.split(time)[2];
// CHECK-NEXT:   y = RecordOutputs.split(time)[3];
// CHECK: algorithm
// CHECK-NEXT:   q.a := RecordOutputs.make(time)[1];
// CHECK-NEXT:   q.b := RecordOutputs.make(time)[2];
