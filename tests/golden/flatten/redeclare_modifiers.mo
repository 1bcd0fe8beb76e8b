// MLS 7.3.2: a redeclaration inherits the modifiers of the declaration it replaces (without a
// constraining clause), or those of the constraining clause (with one, and then not the
// declaration's own); a redeclaration's own constraining clause adds its modifiers to the
// inherited ones for later redeclarations. The redeclaration's modifiers win over inherited
// ones, and outer modifiers over both.
model RedeclareModifiers
  model A
    parameter Real x = 0;
    parameter Real y = 0;
    parameter Real z = 0;
  end A;
  model B
    extends A;
    parameter Real w = 0;
  end B;
  model C
    replaceable A a(x = 1, y = 1);
    replaceable A c(x = 7) constrainedby A(y = 3);
  end C;
  model D
    extends C(redeclare B a(y = 2, w = 4), redeclare replaceable B c constrainedby B(z = 5));
  end D;
  model E
    extends D(redeclare B c(w = 6));
  end E;
  D d(a(z = 9));
  E e;
end RedeclareModifiers;

// CHECK: class RedeclareModifiers
// CHECK:   parameter Real d.a.x = 1;
// CHECK-NEXT:   parameter Real d.a.y = 2;
// CHECK-NEXT:   parameter Real d.a.z = 9;
// CHECK-NEXT:   parameter Real d.a.w = 4;
// CHECK-NEXT:   parameter Real d.c.x = 0;
// CHECK-NEXT:   parameter Real d.c.y = 3;
// CHECK-NEXT:   parameter Real d.c.z = 5;
// CHECK-NEXT:   parameter Real d.c.w = 0;
// CHECK:   parameter Real e.c.x = 0;
// CHECK-NEXT:   parameter Real e.c.y = 3;
// CHECK-NEXT:   parameter Real e.c.z = 5;
// CHECK-NEXT:   parameter Real e.c.w = 6;
// CHECK-NEXT: end RedeclareModifiers;
