// "The names in extends clauses ... must not be found through inherited elements" (MLS 5.6.1):
// B is inherited from A.
model M
  model A
    model B
      Real x = 1;
    end B;
  end A;
  extends A;
  extends B;
end M;
// CHECK: fail_inherited_base_class.mo:10:11: error[E0412]: 'B' is found only among inherited elements, which an extends clause must not use (MLS 5.6.1)
