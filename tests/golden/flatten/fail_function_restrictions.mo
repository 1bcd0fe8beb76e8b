// Restrictions on functions (MLS 12.2): public variables are inputs or outputs, one
// algorithm section and no initial algorithm; a partial function cannot be called.
model M
  function publicVariable
    input Real a;
    output Real b;
    Real c;
  algorithm
    c := a;
    b := c;
  end publicVariable;
  function twoAlgorithms
    input Real a;
    output Real b;
  algorithm
    b := a;
  algorithm
    b := 2 * a;
  end twoAlgorithms;
  function initialAlgorithm
    input Real a;
    output Real b;
  initial algorithm
    b := a;
  end initialAlgorithm;
  partial function incomplete
    input Real a;
    output Real b;
  end incomplete;
  Real x = publicVariable(1) + twoAlgorithms(2) + initialAlgorithm(3) + incomplete(4);
end M;
// CHECK-DAG: fail_function_restrictions.mo:7:10: error[E0407]: a public variable of a function must be an input or an output (MLS 12.2)
// CHECK-DAG: fail_function_restrictions.mo:17:3: error[E0407]: a function has at most one algorithm section (MLS 12.2)
// CHECK-DAG: fail_function_restrictions.mo:23:3: error[E0407]: a function cannot have an initial algorithm (MLS 12.2)
// CHECK-DAG: fail_function_restrictions.mo:26:20: error[E0407]: 'M.incomplete' is a partial function and cannot be called (MLS 12.2)
