// Connector declarations (MLS 9.3, 9.3.1, 15.1): no parameter or constant connector
// components; every declared connector balanced after expanding records, connected or not;
// a stream connector has exactly one flow variable.
model M
  record R
    Real x;
    Real y;
  end R;
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  connector RecordPin
    R e;
    flow Real f;
  end RecordPin;
  connector Fluid
    Real p;
    stream Real h;
  end Fluid;
  parameter Pin p;
  RecordPin r;
  Fluid fl;
end M;
// CHECK-DAG: fail_connector_declarations.mo:21:17: error[E0405]: the connector component 'p' cannot be a parameter (MLS 9.3)
// CHECK-DAG: fail_connector_declarations.mo:22:13: error[E0505]: connector 'M.RecordPin' is unbalanced: 1 flow variable but 2 potential variables (MLS 9.3.1)
// CHECK-DAG: fail_connector_declarations.mo:23:9: error[E0505]: connector 'M.Fluid' has stream variables, so it needs exactly one scalar flow variable, but it has 0 (MLS 15.1)
