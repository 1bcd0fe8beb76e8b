// Modifications (MLS 7.2): nested modifiers, `each` and element-wise values for arrays of
// components, attributes through short type definitions.
package Lib
type Voltage = Real(unit = "V", nominal = 10);

model Cell
  parameter Real c = 1;
  Voltage v(start = c);
end Cell;
end Lib;

model Top
  Lib.Cell a(c = 2, v(fixed = true));
  Lib.Cell b[2](c = {3, 4}, each v(nominal = 5));
end Top;

// CHECK: class Top
// CHECK-NEXT:   parameter Real a.c = 2;
// CHECK-NEXT:   Real a.v(unit = "V", start = a.c, fixed = true, nominal = 10);
// CHECK-NEXT:   parameter Real b[1].c = 3;
// CHECK-NEXT:   Real b[1].v(unit = "V", start = b[1].c, nominal = 5);
// CHECK-NEXT:   parameter Real b[2].c = 4;
// CHECK-NEXT:   Real b[2].v(unit = "V", start = b[2].c, nominal = 5);
// CHECK-NEXT: end Top;
