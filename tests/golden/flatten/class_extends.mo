// Class extension (MLS 7.3.1): `model extends M(mods) ... end M;` is the inherited M with
// the modifications and new elements. With `redeclare` it also replaces M where the base
// class uses it (here the type of `base`); a chain extends the nearest inherited M.
package Lib
  model Medium
    replaceable model State
      Real p = 1;
    end State;
    State base;
  end Medium;
  model Gas
    extends Medium;
    redeclare replaceable model extends State(p = 2)
      Real T = 300;
    end State;
  end Gas;
end Lib;

model Top
  extends Lib.Gas;
  model extends State
    Real rho = p / T;
  end State;
  State own;
end Top;

// CHECK: class Top
// CHECK-NEXT:   Real base.p = 2;
// CHECK-NEXT:   Real base.T = 300;
// CHECK-NEXT:   Real own.p = 2;
// CHECK-NEXT:   Real own.T = 300;
// CHECK-NEXT:   Real own.rho = own.p / own.T;
// CHECK-NEXT: end Top;
