// "If a Real variable is declared with the prefix discrete it must in a simulation model be
// assigned in a when-clause, either by an assignment or an equation" (MLS 4.5): x is given by
// its declaration equation, which holds at all times.
model DiscreteRealOutsideWhen
  discrete Real x = 1.0;
  discrete Real y(start = 0, fixed = true) "assigned in a when-clause: allowed";
equation
  when sample(0, 0.1) then
    y = pre(y) + x;
  end when;
end DiscreteRealOutsideWhen;
// CHECK: fail_discrete_real_outside_when.mo:5:17: error[E0503]: 'x' is declared discrete, so it must be assigned in a when-clause, but none assigns it (MLS 4.5)
