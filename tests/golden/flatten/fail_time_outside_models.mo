// time is a built-in variable of models and blocks only (MLS 3.6.7): not in records or
// connectors.
model M
  record R
    Real x = time;
  end R;
  connector C
    Real e = time;
    flow Real f;
  end C;
  R r;
  C c;
end M;
// CHECK-DAG: fail_time_outside_models.mo:5:14: error[E0407]: 'time' is not available in record 'R': only models and blocks have it (MLS 3.6.7)
// CHECK-DAG: fail_time_outside_models.mo:8:14: error[E0407]: 'time' is not available in connector 'C': only models and blocks have it (MLS 3.6.7)
