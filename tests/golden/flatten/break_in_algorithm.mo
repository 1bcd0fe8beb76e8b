// break in an unrolled for-loop of a model's algorithm (MLS 11.2.4): it sets a flag the
// compiler adds, and what follows runs only while the flag is false.
model BreakInAlgorithm
  parameter Integer table[2] = {3, 1};
  Integer found;
algorithm
  found := 0;
  for i in 1:2 loop
    if table[i] == 1 then
      found := i;
      break;
    end if;
  end for;
end BreakInAlgorithm;

// CHECK: /* internal */ discrete Boolean $break[[FLAG:[0-9]+]];
// CHECK: algorithm
// CHECK-NEXT: found := 0;
// CHECK-NEXT: $break[[FLAG]] := false;
// CHECK-NEXT: if table[1] == 1 then
// CHECK-NEXT: found := 1;
// CHECK-NEXT: $break[[FLAG]] := true;
// CHECK-NEXT: end if;
// CHECK-NEXT: if not $break[[FLAG]] then
// CHECK-NEXT: if table[2] == 1 then
// CHECK-NEXT: found := 2;
// CHECK-NEXT: $break[[FLAG]] := true;
