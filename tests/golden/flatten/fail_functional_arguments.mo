// Functional arguments (MLS 12.4.2) are checked where they are given: a class that is no
// function, a function that does not fit the input's partial function type, a partial
// application naming an input the function lacks, and `function f(...)` used as a value.
package G
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  function apply
    input Integrand f;
    input Real x;
    output Real y = f(x);
  end apply;

  function scaled
    input Real k;
    input Real x;
    output Real y = k * x;
  end scaled;

  function surface
    input Real u;
    input Real v;
    output Real y = u * v;
  end surface;

  record R
    Real a;
  end R;
end G;

model M
  Real a = G.apply(G.R, 1);
  Real b = G.apply(G.scaled, 1);
  Real c = G.apply(function G.scaled(k = 2, z = 1), 1);
  Real d = G.apply(G.surface, 1);
  Real e = G.apply(function G.scaled(x = 2), 1);
  Real f = G.apply(2 * time, 1);
  Real g = sin(function G.scaled(k = 2));
end M;
// CHECK: fail_functional_arguments.mo:34:20: error[E0405]: 'G.R' is not a function, so it cannot be passed as a functional argument (MLS 12.4.2)
// CHECK: fail_functional_arguments.mo:35:20: error[E0405]: 'G.scaled' does not fit functional input 'f' of type 'G.Integrand': its input 'k' is neither bound nor has a default (MLS 12.4.2)
// CHECK: fail_functional_arguments.mo:36:45: error[E0406]: 'G.scaled' has no input named 'z'
// CHECK: fail_functional_arguments.mo:37:20: error[E0405]: 'G.surface' does not fit functional input 'f' of type 'G.Integrand': it has no input 'x' (MLS 12.4.2)
// CHECK: fail_functional_arguments.mo:38:20: error[E0405]: 'G.scaled' does not fit functional input 'f' of type 'G.Integrand': its input 'x' is bound (MLS 12.4.2)
// CHECK: fail_functional_arguments.mo:39:20: error[E0405]: input 'f' takes a function: a function name or `function f(a = ...)` (MLS 12.4.2)
// CHECK: fail_functional_arguments.mo:40:16: error[E0407]: `function f(...)` can only be the argument of a functional input (MLS 12.4.2.1)
