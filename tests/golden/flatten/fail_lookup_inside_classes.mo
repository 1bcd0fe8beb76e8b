// Names inside classes (MLS 5.3.2): no value is looked up in a partial class (classes of a
// partial package can be named: partial_package_classes.mo); in a class that is neither a
// package nor package-like only encapsulated classes can be named.
model M
  partial package Incomplete
    constant Real c = 1;
  end Incomplete;
  model Carrier
    Real v = 1;
    model Inner
      Real w = 2;
    end Inner;
    encapsulated model Sealed
      Real s = 3;
    end Sealed;
  end Carrier;
  Real a = Incomplete.c;
  Carrier.Inner nested;
  Carrier.Sealed sealed;
end M;
// CHECK-DAG: fail_lookup_inside_classes.mo:17:23: error[E0412]: 'c' cannot be looked up in 'M.Incomplete', a partial class (MLS 5.3.2)
// CHECK-DAG: fail_lookup_inside_classes.mo:18:3: error[E0412]: 'Inner' cannot be looked up in 'M.Carrier': it is a model with non-constant components, so only its encapsulated classes can be named (MLS 5.3.2)
