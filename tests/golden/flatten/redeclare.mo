// Replaceable components and classes redeclared by a modifier (MLS 7.3); the redeclared
// class is looked up where the modifier is written.
package Lib
  model Slow
    Real x(start = 1);
  equation
    der(x) = -x;
  end Slow;
  model Fast
    Real x(start = 1);
  equation
    der(x) = -10 * x;
  end Fast;
  model Holder
    replaceable model Plant = Slow;
    Plant plant;
    replaceable Real gain = 1;
  end Holder;
end Lib;

model Top
  Lib.Holder h(redeclare model Plant = Lib.Fast, redeclare Real gain = 2);
end Top;

// CHECK: class Top
// CHECK-NEXT:   Real h.plant.x(start = 1);
// CHECK-NEXT:   Real h.gain = 2;
// CHECK-NEXT: equation
// CHECK-NEXT:   der(h.plant.x) = -10 * h.plant.x;
// CHECK-NEXT: end Top;
