// Import rules (MLS 13.2.1): imports name packages and their elements; a name imported twice
// (by two qualified or by two unqualified imports) is ambiguous.
package Lib
  model NotAPackage
    constant Real k = 1;
  end NotAPackage;
  package P
    constant Real x = 1;
  end P;
  package Q
    constant Real x = 2;
  end Q;
end Lib;
model M
  import Lib.NotAPackage.k;
  import Lib.P.x;
  import x = Lib.Q.x;
  model Unqualified
    import Lib.P.*;
    import Lib.Q.*;
    Real c = x;
  end Unqualified;
  Unqualified u;
  Real a = k;
  Real b = x;
end M;
// CHECK-DAG: fail_imports.mo:15:10: error[E0405]: 'Lib.NotAPackage' is a model, not a package: imports can only name packages and their elements (MLS 13.2.1)
// CHECK-DAG: fail_imports.mo:17:14: error[E0003]: 'x' is imported twice: by this import and by an earlier one (MLS 13.2.1)
// CHECK-DAG: fail_imports.mo:20:12: error[E0003]: 'x' is imported twice: by this import and by an earlier one (MLS 13.2.1)
