// If-equations (MLS 8.3.4): a parameter condition selects its branch at compile time; a
// condition that changes during simulation keeps every branch.
model Switching
  parameter Integer mode = 2;
  Real y, z;
equation
  if mode == 1 then
    y = 1;
  elseif mode == 2 then
    y = 2;
  else
    y = 3;
  end if;
  if time > 0.5 then
    z = 1;
  else
    z = -1;
  end if;
end Switching;

// CHECK: class Switching
// CHECK: equation
// CHECK-NEXT:   y = 2;
// CHECK-NEXT:   if time > 0.5 then
// CHECK-NEXT:     z = 1;
// CHECK-NEXT:   else
// CHECK-NEXT:     z = -1;
// CHECK-NEXT:   end if;
