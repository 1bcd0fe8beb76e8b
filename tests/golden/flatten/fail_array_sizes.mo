// The sides of an array equation must have the same size (MLS 10.6.1); so must values
// given to arrays.
model M
  Real x[3];
  Real y[2] = {1, 2, 3};
equation
  x = {1, 2};
end M;
// CHECK-DAG: fail_array_sizes.mo:5:15: error[E0405]: the value of 'y' has size [3] but 'y' has size [2] (MLS 7.2.5)
// CHECK-DAG: fail_array_sizes.mo:7:3: error[E0405]: the two sides of this equation have different sizes
