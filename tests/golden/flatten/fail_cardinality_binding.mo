// cardinality is known once the connections are: equations wait for them, a binding cannot.
model M
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Pin p;
  parameter Integer early = cardinality(p);
equation
  p.v = 0;
end M;
// CHECK: fail_cardinality_binding.mo:8:29: error[E0401]: 'cardinality' is supported in equations only (not in bindings or algorithms): they are lowered once the connections are known
