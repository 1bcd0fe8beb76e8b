// A modifier must name an element of the class it modifies.
package Lib
  model Gain
    parameter Real k = 1;
  end Gain;
end Lib;
model M
  Lib.Gain g(kk = 2);
end M;
// CHECK: fail_unknown_modifier.mo:8:14: error[E0412]: 'kk' is not an element of 'Lib.Gain' that can be modified
// CHECK-NEXT:   Lib.Gain g(kk = 2);
// CHECK-NEXT:              ^~~~~~
// CHECK-NEXT: note: did you mean 'k'?
