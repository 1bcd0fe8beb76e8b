// An element declared final cannot be modified again (MLS 7.2.6).
package Lib
  model Gain
    final parameter Real k = 2;
  end Gain;
end Lib;
model M
  Lib.Gain g(k = 3);
end M;
// CHECK: fail_final_modified.mo:8:14: error[E0407]: this modifies an element declared final (MLS 7.2.6)
// CHECK: note: made final here
