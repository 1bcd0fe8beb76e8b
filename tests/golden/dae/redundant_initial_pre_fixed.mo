// n has fixed = true, so pre(n) = n.start (MLS 8.6); the initial equation for pre(n) is one
// equation too many: one of the two is removed and checked at initialization (MLS 8.6
// allows removing a consistent initial equation), where this pair fails (0 /= 2).
model InitialPreFixed
  Integer n(start = 0, fixed = true);
initial equation
  pre(n) = 2;
equation
  when time > 0.5 then
    n = pre(n) + 1;
  end when;
end InitialPreFixed;
// CHECK: redundant_initial_pre_fixed.mo:4:7: warning[E0505]: the initialization problem is over-determined: 1 equation has no unknown left: pre(n) = 0 (fixed = true, {{.*}}redundant_initial_pre_fixed.mo:5:11); it is removed and checked for consistency at initialization (MLS 8.6)
// CHECK: redundant_initial_pre_fixed.mo:5:11: note: this equation is redundant
// CHECK: initialization InitialPreFixed: 2 unknowns, 2 equations (1 of the model, 1 initial, 0 fixed start
// CHECK: check pre(n) == 0
