// A component's class must exist; the nearest visible name is suggested.
model M
  Reel x;
end M;
// CHECK: fail_class_not_found.mo:3:3: error[E0403]: class 'Reel' is not found
// CHECK: note: did you mean 'Real'?
