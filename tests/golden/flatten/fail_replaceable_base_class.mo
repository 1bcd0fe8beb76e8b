// "The class name used after extends for base classes and for constraining classes must use a
// class reference considered transitively non-replaceable" (MLS 7.1.4).
model M
  replaceable model A
    Real x = 2;
  end A;
  extends A;
end M;
// CHECK: fail_replaceable_base_class.mo:7:11: error[E0407]: the base class 'A' is replaceable; a base class must not be (MLS 7.1.4)
