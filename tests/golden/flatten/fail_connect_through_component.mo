// A connect-equation names connectors of its class or of the class's components (MLS 9.1),
// not one reached through a component of a component.
model M
  connector C
    Real e;
    flow Real f;
  end C;
  model B
    C c1;
    C c2;
  end B;
  model A
    B b;
  end A;
  A a;
equation
  connect(a.b.c1, a.b.c2);
end M;
// CHECK: fail_connect_through_component.mo:17:11: error[E0405]: connect: 'a.b.c1' is reached through 'a.b', a component of a component; a connect-equation names connectors of its class or of the class's components (MLS 9.1)
