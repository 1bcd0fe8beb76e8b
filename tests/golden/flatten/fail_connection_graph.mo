// A part of the connection graph without a root, and a Connections.branch that closes a loop
// between roots, are errors (MLS 9.4.2).
model FailConnectionGraph
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
  equation
    Connections.branch(p.reference, n.reference);
    p.reference.gamma = n.reference.gamma;
    p.v - n.v = p.i;
    p.i + n.i = 0;
  end Element;
  model Source
    extends Element;
  equation
    Connections.root(p.reference);
    Connections.root(n.reference);
    p.reference.gamma = time;
  end Source;
  Element a, b;
  Source s;
equation
  connect(a.n, b.p);
  connect(b.n, a.p);
end FailConnectionGraph;
// CHECK: fail_connection_graph.mo:21:5: error[E0505]: the overdetermined connector 'a.p.reference' is in a part of the connection graph without a root: a Connections.root or Connections.potentialRoot is needed (MLS 9.4.2)
// CHECK: fail_connection_graph.mo:21:5: error[E0505]: Connections.branch joins 's.p.reference' and 's.n.reference', which are already in one tree, or in two trees that both have a root; a required spanning-tree edge cannot close a loop (MLS 9.4.2)
