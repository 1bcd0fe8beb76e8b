// n has fixed = true, so pre(n) = n.start (MLS 8.6); the initial equation for pre(n) is one
// equation too many, and both are named.
model InitialPreFixed
  Integer n(start = 0, fixed = true);
initial equation
  pre(n) = 2;
equation
  when time > 0.5 then
    n = pre(n) + 1;
  end when;
end InitialPreFixed;
// CHECK: error: the initialization problem is over-determined: 1 equation has no unknown left: pre(n) = 0 (fixed = true, {{.*}}fail_initial_pre_fixed.mo:4:11)
// CHECK: fail_initial_pre_fixed.mo:6:3: note: it conflicts with this one: pre(n) = 2 (initial equation
