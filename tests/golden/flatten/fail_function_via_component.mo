// A function can be named through a component (`a.f(x)`) only if the component is a
// scalar and unconditional, and the rest of the name names classes (MLS 5.3.2).
model M
  model A
    function f
      input Real x;
      output Real y = 2 * x;
    algorithm
    end f;
    constant Real k = 1;
  end A;
  A one;
  A many[2];
  Real good = one.f(1);
  Real array = many.f(1);
end M;
// CHECK-NOT: one.f
// CHECK: fail_function_via_component.mo:15:16: error[E0407]: 'many.f': a function is found through a component only if it is a scalar, unconditional component (MLS 5.3.2)
