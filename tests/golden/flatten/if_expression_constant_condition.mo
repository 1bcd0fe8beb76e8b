// An if-expression whose condition is constant (a for-iterator's value, literals, constants)
// is its selected branch: the others need not be valid, as `x[i - 1]` is not for i = 1
// (StateGraph's steps chain their ports so). A parameter condition keeps both branches.
model IfExpressionConstantCondition
  constant Boolean first = true;
  parameter Boolean p = true;
  Real x[3];
  Real y = if first then 1 else x[0];
  Real z = if p then 1 else 2;
equation
  for i in 1:3 loop
    x[i] = if i == 1 then time else x[i - 1] + 1;
  end for;
end IfExpressionConstantCondition;
// CHECK:   Real y = 1;
// CHECK-NEXT:   Real z = if p then 1 else 2;
// CHECK: equation
// CHECK-NEXT:   x[1] = time;
// CHECK-NEXT:   x[2] = x[1] + 1;
// CHECK-NEXT:   x[3] = x[2] + 1;
