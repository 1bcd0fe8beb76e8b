// An instance tree cannot be printed past a class that is not found: the error is located.
model Top
  Lib.Missing m;
end Top;

// CHECK: fail_undefined_type.mo:3:3: error[E0403]: class 'Lib.Missing' is not found
