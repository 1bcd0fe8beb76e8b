// Connections (MLS 9): potentials become equal, flows sum to zero with -1 for outside
// connectors, and a flow that is not connected at all is zero (MLS 9.2).
package Lib
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Resistor
    parameter Real R = 1;
    Pin p, n;
  equation
    0 = p.i + n.i;
    p.v - n.v = R * p.i;
  end Resistor;
  model Pair "two resistors in series behind an outside pin"
    Pin outside;
    Resistor r1, r2;
  equation
    connect(outside, r1.p);
    connect(r1.n, r2.p);
  end Pair;
end Lib;

model Top
  Lib.Pair pair;
end Top;

// CHECK: class Top
// CHECK:   flow Real pair.outside.i;
// CHECK: equation
// The outside pin's flow counts -1 inside the Pair: pair.r1.p.i - pair.outside.i = 0
// CHECK-DAG:   pair.r1.p.i - pair.outside.i = 0.0;
// Seen from Top, pair.outside is an inside connector that nothing connects:
// CHECK-DAG:   pair.outside.i = 0.0;
// CHECK-DAG:   pair.r1.n.i + pair.r2.p.i = 0.0;
// pair.r2.n is not connected anywhere:
// CHECK-DAG:   pair.r2.n.i = 0.0;
// CHECK-DAG:   pair.r1.p.v = pair.outside.v;
// CHECK-DAG:   pair.r2.p.v = pair.r1.n.v;
// CHECK: end Top;
