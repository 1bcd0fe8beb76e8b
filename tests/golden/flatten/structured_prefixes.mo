// `flow` on a record component of a connector makes its fields flow variables, and a
// causality given by a short class definition reaches the elements (MLS 4.4.2.2); a `flow`
// variable outside any connector is an ordinary variable (MLS 9.2).
model M
  record R
    Real a;
    Real b;
  end R;
  connector C
    Real e;
    Real e2;
    flow R r;
  end C;
  connector Signals
    Real s1;
    Real s2;
  end Signals;
  connector SignalsIn = input Signals;
  C c1(e = 1, e2 = 2);
  C c2;
  SignalsIn u;
  flow Real q = 3;
equation
  connect(c1, c2);
end M;
// CHECK: flow Real c1.r.a;
// CHECK: flow Real c1.r.b;
// CHECK: input Real u.s1;
// CHECK: input Real u.s2;
// CHECK: flow Real q = 3;
// CHECK: equation
// CHECK-DAG: c2.e = c1.e;
// CHECK-DAG: c2.e2 = c1.e2;
// CHECK-DAG: -c2.r.a - c1.r.a = 0.0;
// CHECK-DAG: -c2.r.b - c1.r.b = 0.0;
// CHECK-NOT: q = 0.0
