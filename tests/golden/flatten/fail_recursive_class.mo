// A class that contains an instance of itself would be infinitely large.
model M
  Real x;
  M sub;
end M;
// CHECK: fail_recursive_class.mo:4:5: error[E0407]: 'sub' is an instance of 'M', which contains it
