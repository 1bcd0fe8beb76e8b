// An if-expression whose condition translation has fixed selects its branch at once (as for a
// constant condition), so the other need not be valid: x[i + 1] for i = n would be outside
// x[1:n]. n sizes x, so its value is fixed; p is not, and its condition stays.
model IfStructuralCondition
  parameter Integer n = 3;
  parameter Real p = 1;
  Real x[n](each start = 1, each fixed = true);
  Real y = if p > 0 then x[1] else x[2];
equation
  for i in 1:n loop
    der(x[i]) = if i < n then x[i + 1] - x[i] else -x[i];
  end for;
end IfStructuralCondition;

// CHECK: class IfStructuralCondition
// CHECK:   Real y = if p > 0 then x[1] else x[2];
// CHECK: equation
// CHECK-NEXT:   der(x[1]) = x[2] - x[1];
// CHECK-NEXT:   der(x[2]) = x[3] - x[2];
// CHECK-NEXT:   der(x[3]) = -x[3];
