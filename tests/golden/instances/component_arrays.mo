// An array of components with a modifier that is an array (MLS 7.2.5): element i takes element
// i of the value (shown as its slice); `each` gives every element the whole value. The sizes
// are evaluated.
package Lib
  model Resistor
    parameter Real R = 1;
    parameter Real T = 300;
    Real i;
  equation
    i = 1 / R;
  end Resistor;
end Lib;

model Top
  parameter Integer n = 2;
  Lib.Resistor r[n](R = {10, 20}, each T = 293.15);
  Real x[n + 1](each start = 0);
equation
  der(x) = fill(1, n + 1);
end Top;

// CHECK: model Top
// CHECK-NEXT:   parameter Integer n = 2
// CHECK-NEXT:   Lib.Resistor r[2]
// CHECK-NEXT:     [1]
// CHECK-NEXT:       parameter Real R = ({10, 20})[1]
// CHECK-NEXT:       parameter Real T = 293.15
// CHECK-NEXT:       Real i
// CHECK-NEXT:     [2]
// CHECK-NEXT:       parameter Real R = ({10, 20})[2]
// CHECK-NEXT:       parameter Real T = 293.15
// CHECK-NEXT:       Real i
// CHECK-NEXT:   Real x[3](start = each 0)
