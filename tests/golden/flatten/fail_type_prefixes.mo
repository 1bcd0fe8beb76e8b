// Type prefixes only on components of types, records and connectors; flow variables are
// Real; a structured flow/input/output component whose element has such a prefix of its own
// is rejected (MLS 4.4.2.2).
model M
  model Sub
    Real x = 1;
  end Sub;
  connector C
    Real e;
    flow Real f;
    input Real u;
  end C;
  connector D
    Real e;
    flow Integer n;
  end D;
  connector InputC = input C;
  parameter Sub s;
  output C c(e = 1, u = 2);
  InputC ic(e = 1, u = 2);
  D d(e = 1);
  parameter input Real p = 1;
end M;
// CHECK-DAG: fail_type_prefixes.mo:18:17: error[E0405]: 'parameter' cannot be applied to 's', a model component: type prefixes are only allowed on components of types, records and connectors (MLS 4.4.2.2)
// CHECK-DAG: fail_type_prefixes.mo:19:12: error[E0405]: 'output' cannot be applied to 'c': its element 'f' has a flow, stream, input or output prefix of its own (MLS 4.4.2.2)
// CHECK-DAG: fail_type_prefixes.mo:20:10: error[E0405]: 'input' cannot be applied to 'ic': its element 'f' has a flow, stream, input or output prefix of its own (MLS 4.4.2.2)
// CHECK-DAG: fail_type_prefixes.mo:15:18: error[E0405]: the flow variable 'n' must be a subtype of Real (MLS 4.4.2.2)
// CHECK-DAG: fail_type_prefixes.mo:22:24: error[E0405]: an input cannot also be a parameter (MLS 4.4.2.2)
