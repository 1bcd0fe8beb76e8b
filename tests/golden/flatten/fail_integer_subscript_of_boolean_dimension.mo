// A dimension declared by Boolean is indexed by false and true (MLS 10.5.1), not by 1 and 2.
model M
  Real arr[Boolean];
equation
  arr[false] = 0.0;
  arr[2] = 1.0;
end M;
// CHECK: fail_integer_subscript_of_boolean_dimension.mo:6:7: error[E0405]: a subscript of type Integer cannot index a dimension of Boolean values (MLS 10.5.1: the index has the type of the dimension)
