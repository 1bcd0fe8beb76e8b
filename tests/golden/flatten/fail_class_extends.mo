// A class extension needs an inherited class of its name, and it replaces it like a
// redeclaration: a non-replaceable one cannot be extended again (MLS 7.3.1, 7.3.4).
model M
  model A
    replaceable model Inner
      Real x = 1;
    end Inner;
  end A;
  model B
    extends A;
    model extends Inner
      Real y = 2;
    end Inner;
  end B;
  model C
    extends B;
    model extends Inner
      Real z = 3;
    end Inner;
    Inner i;
  end C;
  model Lonely
    model extends Missing
    end Missing;
    Missing m;
  end Lonely;
  C c;
  Lonely l;
end M;
// CHECK-DAG: fail_class_extends.mo:17:19: error[E0405]: 'M.C.Inner' is not allowed for 'Inner': it must be a subtype of 'M.B.Inner', but it is not replaceable, so its class cannot change (MLS 7.3.2)
// CHECK-DAG: fail_class_extends.mo:23:19: error[E0002]: 'model extends Missing' needs an inherited class 'Missing' to extend, but the enclosing class inherits none (MLS 7.3.1)
