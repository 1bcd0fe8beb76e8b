// Function calls are checked against the function's inputs (MLS 12.4.1).
package F
  function twice
    input Real x;
    output Real y = 2 * x;
  end twice;
end F;
model M
  Real a = F.twice(1, 2);
  Real b = F.twice(z = 1);
  Real c = F.twise(1);
end M;
// CHECK: fail_function_call.mo:9:12: error[E0406]: 'F.twice' takes 1 input, but 2 were given
// CHECK: fail_function_call.mo:10:20: error[E0406]: 'F.twice' has no input named 'z'
// CHECK: note: did you mean 'x'?
// CHECK: fail_function_call.mo:11:12: error[E0412]: undefined function 'F.twise'
