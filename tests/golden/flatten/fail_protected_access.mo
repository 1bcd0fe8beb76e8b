// Protected elements are not accessed through dot notation and are modified only by an
// extends clause (MLS 4.1).
model M
  model A
    Real v = 1;
  protected
    Real x = 2;
  end A;
  package P
    constant Real c = 1;
  protected
    constant Real hidden = 2;
  end P;
  model B
    extends A(x = 3);
  end B;
  A a(x = 4);
  B b;
  Real y = a.x + P.hidden + P.c;
end M;
// CHECK-DAG: fail_protected_access.mo:17:7: error[E0407]: 'x' is protected: only an extends clause may modify it (MLS 4.1)
// CHECK-DAG: fail_protected_access.mo:19:14: error[E0412]: 'x' is a protected element of 'M.A': it cannot be accessed with dot notation (MLS 4.1)
// CHECK-DAG: fail_protected_access.mo:19:20: error[E0412]: 'hidden' is a protected element of 'M.P': it cannot be accessed with dot notation (MLS 4.1)
// CHECK-NOT: fail_protected_access.mo:15
