// An inner element may have a subtype of its outer declaration's type, but names below the
// outer element are those of the outer type (MLS 5.4).
model M
  partial record R
    Integer i;
  end R;
  record RI
    extends R;
    Real a;
  end RI;
  model A
    outer R T0;
    Integer j = T0.i;
    Real x = T0.a;
  end A;
  inner RI T0 = RI(10, 10.0);
  A a;
end M;
// CHECK-NOT: T0.i
// CHECK: fail_outer_subtype.mo:14:17: error[E0412]: 'T0.a': 'a' is not an element of the type of outer 'T0' (MLS 5.4)
