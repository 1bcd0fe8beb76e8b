// A connect-equation in a for-loop whose iterator runs past the end of the component array
// is reported at the subscript (MLS 8.3.2, 10.5).
model FailConnectLoops
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Wire
    Pin p, n;
  equation
    p.v = n.v;
    p.i + n.i = 0;
  end Wire;
  parameter Integer n = 3;
  Wire w[n];
equation
  for i in 1:n loop
    connect(w[i].n, w[i + 1].p);
  end for;
end FailConnectLoops;
// CHECK: fail_connect_loops.mo:18:23: error[E0407]: subscript 4 is outside 1..3
