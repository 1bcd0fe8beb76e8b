// One variable has no equation and one equation has no unknown left.
model Singular
  Real x(start = 1, fixed = true);
  Real y;
  Real z;
equation
  der(x) = -x;
  y = x;
  y = 2 * x;
end Singular;
// CHECK: fail_structurally_singular.mo:2:7: error[E0505]: model 'Singular' is structurally singular: 3 equations, 3 unknowns
// CHECK: fail_structurally_singular.mo:5:8: note: no equation is left to determine 'z'
// CHECK: fail_structurally_singular.mo:9:3: note: this equation has no unknown left to determine (over-determined)
