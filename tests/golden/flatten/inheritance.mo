// Inheritance (MLS 7.1): elements of several base classes, with modifiers from the extends
// clauses; the outer modification wins over the extends modification (MLS 7.2.4).
package Lib
partial model Named
  parameter String label = "none";
end Named;

partial model TwoPort
  parameter Real k = 1;
  Real u, y;
protected
  Real internal = 2 * k;
end TwoPort;

model Gain
  extends Named;
  extends TwoPort(k = 3);
equation
  y = k * u;
end Gain;
end Lib;

model Top
  Lib.Gain g(k = 5, label = "g");
equation
  g.u = time;
end Top;

// CHECK: class Top
// CHECK-NEXT:   parameter String g.label = "g";
// CHECK-NEXT:   parameter Real g.k = 5;
// CHECK-NEXT:   Real g.u;
// CHECK-NEXT:   Real g.y;
// CHECK-NEXT:   protected Real g.internal = 2 * g.k;
// CHECK-NEXT: equation
// CHECK-NEXT:   g.y = g.k * g.u;
// CHECK-NEXT:   g.u = time;
// CHECK-NEXT: end Top;
