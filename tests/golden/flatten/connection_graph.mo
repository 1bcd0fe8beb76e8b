// The virtual connection graph (MLS 9.4): a record with an equalityConstraint function is
// overdetermined, counts in its connector as the size of its residue (here none, MLS 9.3.1),
// and its instances are the graph's nodes. connect-equations are optional edges,
// Connections.branch required ones. Without a definite root, the potential root of lowest
// priority number is the root (Connections.isRoot), and the connect-equation that closes the
// loop is broken: it equates no reference angles (MLS 9.4.2). Connections.rooted(p.reference)
// tells whether p is closer to the root than the other end of its branch.
model ConnectionGraph
  record Reference
    Real gamma;
    function equalityConstraint
      input Reference r1;
      input Reference r2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Reference;
  connector Pin
    Real v;
    flow Real i;
    Reference reference;
  end Pin;
  model Element
    Pin p, n;
    Real side;
  equation
    Connections.branch(p.reference, n.reference);
    if Connections.rooted(p.reference) then
      side = 1;
    else
      side = 2;
    end if;
    p.reference.gamma = n.reference.gamma;
    p.v - n.v = p.i;
    p.i + n.i = 0;
  end Element;
  model Ground
    Pin p;
    parameter Integer priority = 0;
  equation
    Connections.potentialRoot(p.reference, priority);
    if Connections.isRoot(p.reference) then
      p.reference.gamma = time;
    end if;
    p.v = 0;
  end Ground;
  Element a, b;
  Ground g1(priority = 2), g2(priority = 1);
equation
  connect(a.n, b.p);
  connect(b.n, a.p);
  connect(a.p, g1.p);
  connect(b.p, g2.p);
end ConnectionGraph;
// CHECK: class ConnectionGraph
// CHECK-DAG:   a.side = 2;
// CHECK-DAG:   b.side = 1;
// g2 has the lower priority number, so it is the root:
// CHECK-DAG:   g2.p.reference.gamma = time;
// CHECK-DAG:   b.p.reference.gamma = a.n.reference.gamma;
// CHECK-DAG:   b.p.reference.gamma = g2.p.reference.gamma;
// CHECK-DAG:   a.p.reference.gamma = g1.p.reference.gamma;
// connect(b.n, a.p) closes the loop and is broken:
// CHECK-NOT:   a.p.reference.gamma = b.n.reference.gamma;
// CHECK-NOT:   b.n.reference.gamma = a.p.reference.gamma;
// CHECK: end ConnectionGraph;
