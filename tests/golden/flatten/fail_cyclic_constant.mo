// MLS 4.4.3: a constant's binding cannot depend on itself, directly or through others; the
// value is not folded (folding it recursed for ever and crashed).
model FailCyclicConstant
  constant Real r = 2 * sin(r);
  constant Real p = 2 * q;
  constant Real q = p + 1;
  Real x = r + p;
end FailCyclicConstant;
// CHECK-DAG: fail_cyclic_constant.mo:4:17: error[E0408]: the value of 'r' depends on itself
// CHECK-DAG: error[E0408]: the value of '{{[pq]}}' depends on itself
