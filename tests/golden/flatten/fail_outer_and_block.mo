// An outer element is not modified, its inner declaration defines it (MLS 5.4); the
// public connectors of a block have only inputs and outputs (MLS 4.6).
model M
  connector Pin
    Real e;
    flow Real f;
  end Pin;
  block B
    Pin p;
  end B;
  model Part
    outer parameter Real k;
    Real y = k;
  end Part;
  inner parameter Real k = 1;
  Part part(k = 2);
  B b;
end M;
// CHECK-DAG: fail_outer_and_block.mo:16:15: error[E0407]: outer 'k' cannot be modified; modify its inner declaration (MLS 5.4)
// CHECK-DAG: fail_outer_and_block.mo:9:9: error[E0407]: 'p' is a connector of the block 'M.B', so its variable 'e' must be an input or an output (MLS 4.6)
