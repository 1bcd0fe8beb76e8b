// cardinality(c) (MLS 3.7.4.4): how often the connector instance c occurs in connect-equations,
// inside (here) and outside (in the enclosing model), after conditional components are
// removed. Equations asking it are lowered once the connections are known: an if-equation on
// it chooses its branch then (StateGraph's steps default an unconnected port this way), and an
// assert on it becomes a constant one.
model Cardinality
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Node
    Pin p[3];
    Integer n[3];
  equation
    for k in 1:3 loop
      n[k] = cardinality(p[k]);
      if cardinality(p[k]) == 0 then
        p[k].v = 0;
      end if;
    end for;
  end Node;
  model Resistor
    Pin a, b;
  equation
    assert(cardinality(a) > 0 and cardinality(b) > 0, "both pins must be connected");
    a.i + b.i = 0;
    a.v - b.v = a.i;
  end Resistor;
  model Source
    parameter Boolean enabled = true;
    Pin p;
    Pin extra if not enabled;
  equation
    p.v = 1;
  end Source;
  Node node;
  Resistor r1, r2;
  Source s;
equation
  connect(s.p, r1.a);
  connect(s.extra, r2.a);
  connect(r1.b, node.p[1]);
  connect(r2.a, node.p[1]);
  connect(r2.b, node.p[2]);
end Cardinality;
// node.p[1] is named twice, node.p[2] once, node.p[3] never; the connection to the disabled
// s.extra does not count, so r2.a occurs once.
// CHECK: equation
// CHECK:   node.n[1] = 2;
// CHECK-NEXT:   node.n[2] = 1;
// CHECK-NEXT:   node.n[3] = 0;
// CHECK-NEXT:   node.p[3].v = 0;
// CHECK-NEXT:   assert(1 > 0 and 1 > 0, "both pins must be connected");
// CHECK-NEXT:   assert(1 > 0 and 1 > 0, "both pins must be connected");
