// A misspelt name is reported with its position and the nearest visible name.
model M
  Real height(start = 1);
equation
  der(hieght) = -height;
end M;
// CHECK: fail_undefined_name.mo:5:7: error[E0412]: undefined name 'hieght'
// CHECK-NEXT:   der(hieght) = -height;
// CHECK-NEXT:       ^~~~~~
// CHECK-NEXT: note: did you mean 'height'?
