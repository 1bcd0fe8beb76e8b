// A derivative annotation naming a function whose inputs do not fit MLS 12.7.1 (x, then der_x)
// is not used, with a warning: the call is then differentiated without it (here the body is
// inlined), never called with the wrong arguments.
model DerivativeAnnotationArity
  function f
    input Real x;
    output Real y;
  algorithm
    y := 2*x;
    annotation(derivative = fWrong);
  end f;
  function fWrong
    input Real x;
    output Real dy;
  algorithm
    dy := 2;
  end fWrong;
  Real y = f(time);
  Real z;
equation
  der(z) = y;
end DerivativeAnnotationArity;
// CHECK: warning[E0410]: the derivative annotation of 'DerivativeAnnotationArity.f' names 'DerivativeAnnotationArity.fWrong', which takes 1 input where MLS 12.7.1 passes 2; the annotation is not used
