// cardinality takes a scalar connector: not an array of connectors (MLS 3.7.4.4).
model M
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Pin p[2];
  Integer whole;
equation
  whole = cardinality(p);
  p[1].v = 0;
  p[2].v = 0;
end M;
// CHECK: fail_cardinality.mo:10:23: error[E0405]: the argument of cardinality must be a scalar connector (an element of an array of connectors, not the array; MLS 3.7.4.4)
