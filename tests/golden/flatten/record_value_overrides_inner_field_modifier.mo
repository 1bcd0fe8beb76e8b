// MLS 7.2.4, the example of merging: the outer `x5 = x3` of C4's extends clause overrides the
// inner `x5(a = 5)` of C3's declaration, so x5.a is x3.a (the specification's table), while
// x4.b keeps its inner default 4 because the outer modifier gives only x4.c.
model Merging
  record C1
    parameter Real a;
  end C1;
  record C2
    parameter Real b;
    parameter Real c;
  end C2;
  record C3
    parameter Real x1;
    parameter Real x2 = 2;
    parameter C1 x3;
    parameter C2 x4(b = 4);
    parameter C1 x5(a = 5);
    extends C1;
    extends C2(b = 6, c = 77);
  end C3;
  record C4
    extends C3(x2 = 22, x3(a = 33), x4(c = 44), x5 = x3, a = 55, b = 66);
  end C4;
  C4 c4(x1 = 111);
end Merging;
// CHECK: parameter Real c4.x1 = 111;
// CHECK: parameter Real c4.x2 = 22;
// CHECK: parameter Real c4.x3.a = 33;
// CHECK: parameter Real c4.x4.b = 4;
// CHECK: parameter Real c4.x4.c = 44;
// CHECK: parameter Real c4.x5.a = c4.x3.a;
// CHECK: parameter Real c4.a = 55;
// CHECK: parameter Real c4.b = 66;
// CHECK: parameter Real c4.c = 77;
