// "The type of the index should correspond to the type used for declaring the dimension of the
// array" (MLS 10.5.1): a dimension declared by an enumeration takes its literals.
model M
  type E = enumeration(one, two, three);
  Real arr[E] = {1.0, 2.0, 3.0};
  Real ok = arr[E.two];
  Real x = arr[1];
end M;
// CHECK: fail_integer_subscript_of_enumeration_dimension.mo:7:16: error[E0405]: a subscript of type Integer cannot index a dimension of enumeration values (MLS 10.5.1: the index has the type of the dimension)
