// An Integer subscript that changes during simulation could leave its dimension; in equations
// mocc rejects it for now (Boolean and enumeration subscripts are resolved, runtime_subscripts.mo).
model FailRuntimeIntegerSubscript
  parameter Real table[3] = {1, 2, 3};
  Integer i = if time > 0.5 then 2 else 1;
  Real y = table[i];
end FailRuntimeIntegerSubscript;
// CHECK: fail_runtime_integer_subscript.mo:6:18: error: Integer subscripts that change during simulation are not supported yet in equations
