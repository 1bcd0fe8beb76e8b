// `external "builtin"` names one of the element-wise numeric built-ins (MLS 12.9.1): fill is
// an array function, which the registry of built-ins knows of another kind.
model Top
  function f
    input Real x;
    output Real y;
    external "builtin" y = fill(x);
  end f;
  Real z = f(time);
end Top;

// CHECK: fail_external_builtin_not_numeric.mo:7:5: error[E0401]: 'fill' is not a built-in numeric function
