// Lookup (MLS 5.3, 13.2): package constants through qualified names and the three import
// forms; a constant from a package is used by value; the stdlib is found without options.
package P
  constant Real k = 2.5;
  package Q
    constant Integer m = 3;
  end Q;
end P;

model Top
  import P.k;
  import Qm = P.Q;
  import P.Q.*;
  import Modelica.Constants.pi;
  Real a = k * Qm.m;
  Real b = m + P.Q.m;
  Real c = pi;
  Modelica.Units.SI.Voltage v = 1;
end Top;

// CHECK: class Top
// CHECK-NEXT:   Real a = 2.5 * 3;
// CHECK-NEXT:   Real b = 3 + 3;
// CHECK-NEXT:   Real c = 3.141592653589793;
// CHECK-NEXT:   Real v(quantity = "ElectricPotential", unit = "V") = 1;
// CHECK-NEXT: end Top;
