// Enumerations (MLS 4.8.5): literals, Integer() of a literal, arrays indexed by an
// enumeration type and loops over it.
model Enums
  type Phase = enumeration(a "first", b, c);
  Phase p = Phase.b;
  Integer i = Integer(Phase.c);
  Real w[Phase];
equation
  for q in Phase loop
    w[q] = Integer(q);
  end for;
end Enums;

// CHECK: class Enums
// CHECK-NEXT:   discrete Enums.Phase p = Enums.Phase.b;
// CHECK-NEXT:   discrete Integer i = 3;
// CHECK-NEXT:   Real w[1];
// CHECK-NEXT:   Real w[2];
// CHECK-NEXT:   Real w[3];
// CHECK-NEXT: equation
// CHECK-NEXT:   w[1] = 1;
// CHECK-NEXT:   w[2] = 2;
// CHECK-NEXT:   w[3] = 3;
