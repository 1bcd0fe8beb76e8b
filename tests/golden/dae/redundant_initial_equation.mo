// x has fixed = true and an initial equation: the initialization problem has one equation
// too many, so one is removed and checked at initialization instead (MLS 8.6).
model Over
  Real x(start = 1, fixed = true);
initial equation
  x = 2;
equation
  der(x) = -x;
end Over;
// CHECK: redundant_initial_equation.mo:3:7: warning[E0505]: the initialization problem is over-determined: 1 equation has no unknown left: x = 1 (fixed = true, {{.*}}redundant_initial_equation.mo:4:8); it is removed and checked for consistency at initialization (MLS 8.6)
// CHECK: check abs(x - 1) <= 1e-08*(1.0 + (abs(x) + 1))
