// alias-elim merges a = b and a = -b into one variable (the state stays) and removes their
// equations; the aliases are computed for the results from their alias expressions.
// ARGS: --print-after alias-elim
model AliasElim
  Real x(start = 1, fixed = true);
  Real a;
  Real b;
equation
  der(x) = -a;
  a = x;
  b = -a;
end AliasElim;
// CHECK-LABEL: --- after alias-elim ---
// CHECK: state x (start 1)
// CHECK-NEXT: algebraic a (alias of -der(x))
// CHECK-NEXT: algebraic b (alias of der(x))
// CHECK: equations:
// CHECK-NEXT: -der(x) = x  // {{.*}}alias_elim.mo:10:3
// CHECK-NEXT: when-clauses:
// CHECK: AliasElim: simulated from 0 to 1
