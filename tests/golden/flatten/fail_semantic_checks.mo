// Errors found in the flattened model: cyclic parameter bindings (MLS 4.4.3), a constant
// without value (MLS 4.4.4), an instance of a partial class (MLS 4.4.2), enumeration literals
// (MLS 4.8.5), constant arguments outside a function's domain, reinit of a parameter and
// sample() with a time-varying interval (MLS 8.3.6, 3.7.5), an assertion that always fails.
model M
  partial model Base
    Real x;
  end Base;
  type Color = enumeration(red, green, red);
  type Limit = enumeration(low, max);
  type Other = enumeration(a, b);
  parameter Real p = 2 * q;
  parameter Real q = p + 1;
  constant Real c;
  Base b;
  parameter Other o = Limit.low;
  Real r = acos(2) + sqrt(-1);
  Real s(start = 1);
  parameter Real k = 1;
  Color col = Color.green;
equation
  der(s) = -s;
  when sample(0, s) then
  end when;
  when s < 0.5 then
    reinit(k, 2);
  end when;
  assert(false, "never");
end M;
// CHECK-DAG: fail_semantic_checks.mo:9:40: error[E0402]: the enumeration already has a literal 'red' (MLS 4.8.5)
// CHECK-DAG: fail_semantic_checks.mo:10:33: error[E0402]: 'max' is an attribute of enumeration types and cannot be a literal (MLS 4.8.5)
// CHECK-DAG: fail_semantic_checks.mo:12:18: error[E0408]: the value of 'p' depends on itself: 'p' -> 'q' -> 'p' (MLS 4.4.3)
// CHECK-DAG: fail_semantic_checks.mo:14:17: error[E0408]: the constant 'c' has no value (MLS 4.4.4)
// CHECK-DAG: fail_semantic_checks.mo:15:8: error[E0407]: 'b' is an instance of the partial class 'M.Base' (MLS 4.4.2)
// CHECK-DAG: fail_semantic_checks.mo:16:21: error[E0405]: the value of 'o' must be of type M.Other, but it is of type M.Limit (MLS 4.8.5)
// CHECK-DAG: fail_semantic_checks.mo:17:17: error[E0407]: 'acos' is undefined for the constant argument 2: it needs an argument [-1, 1] (MLS 3.7.3)
// CHECK-DAG: fail_semantic_checks.mo:17:27: error[E0407]: 'sqrt' is undefined for the constant argument -1: it needs an argument >= 0 (MLS 3.7.3)
// CHECK-DAG: fail_semantic_checks.mo:23:18: error[E0408]: the start and interval of sample() must be parameter expressions (MLS 3.7.5)
// CHECK-DAG: fail_semantic_checks.mo:26:12: error[E0502]: reinit() changes a continuous-time state, but 'k' is a parameter (MLS 8.3.6)
// CHECK-DAG: fail_semantic_checks.mo:28:3: error[E0407]: this assertion always fails: its condition is the constant false
