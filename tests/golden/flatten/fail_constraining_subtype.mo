// MLS 7.3.2: the constraining type of a redeclaration is a subtype of the constraining type it
// replaces (here Small lacks Large's y), besides constraining the new class.
model M
  model Small
    Real x = 1;
  end Small;
  model Large
    Real x = 2;
    Real y = 3;
  end Large;
  model Largest
    Real x = 4;
    Real y = 5;
    Real z = 6;
  end Largest;
  model Holder
    replaceable Large part constrainedby Large;
  end Holder;
  model Narrower
    extends Holder(replaceable Largest part constrainedby Small);
  end Narrower;
  model Wider
    extends Holder(replaceable Largest part constrainedby Largest);
  end Wider;
  Narrower n;
  Wider w;
end M;
// CHECK: fail_constraining_subtype.mo:20:45: error[E0405]: the constraining type 'M.Small' of 'part' must be a subtype of the constraining type 'M.Large' it replaces, but it has no element 'y' (MLS 7.3.2)
// CHECK-NOT: error
