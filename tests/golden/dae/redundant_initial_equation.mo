// x has fixed = true and an initial equation: the initialization problem has one equation
// too many, and both are named.
model Over
  Real x(start = 1, fixed = true);
initial equation
  x = 2;
equation
  der(x) = -x;
end Over;
// CHECK: error: the initialization problem is over-determined: 1 equation has no unknown left: x = 1 (fixed = true, {{.*}}fail_initialization_overdetermined.mo:4:8)
// CHECK: fail_initialization_overdetermined.mo:6:3: note: it conflicts with this one: x = 2 (initial equation
