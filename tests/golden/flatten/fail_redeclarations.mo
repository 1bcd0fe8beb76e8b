// What a redeclaration may not do (MLS 7.3.2, 7.3.4): change a final, constant or
// non-replaceable element, change its visibility, or bring a class that is not a subtype of
// the constraining type.
model M
  model Small
    Real x = 1;
  end Small;
  model Big
    Real x = 2;
    Real y = 3;
  end Big;
  model Holder
    replaceable Big b constrainedby Big;
    final replaceable Real f = 1;
    replaceable constant Real c = 2;
    Small s;
  protected
    replaceable Real hidden = 3;
  end Holder;
  model Derived
    extends Holder;
  public
    redeclare Real hidden = 4;
  end Derived;
  Holder h(redeclare Small b, redeclare Real f = 2, redeclare Real c = 3, redeclare Big s);
  Derived d;
end M;
// CHECK-DAG: fail_redeclarations.mo:25:28: error[E0405]: 'M.Small' is not allowed for 'b': it must be a subtype of 'M.Big', but it has no element 'y' (MLS 7.3.2)
// CHECK-DAG: fail_redeclarations.mo:25:31: error[E0407]: 'f' cannot be redeclared: it is final (MLS 7.3.4)
// CHECK-DAG: fail_redeclarations.mo:25:53: error[E0407]: 'c' cannot be redeclared: it is a constant (MLS 7.3.4)
// CHECK-DAG: fail_redeclarations.mo:25:89: error[E0405]: 'M.Big' is not allowed for 's': it must be a subtype of 'M.Small', but it is not replaceable, so its class cannot change (MLS 7.3.2)
// CHECK-DAG: fail_redeclarations.mo:23:20: error[E0407]: 'hidden' cannot be redeclared: a protected element cannot become public (MLS 7.3.4)
// CHECK-DAG: fail_redeclarations.mo:16:11: note: the original declaration
