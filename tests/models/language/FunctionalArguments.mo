// Functional arguments (MLS 12.4.2): functions passed by name and as partial applications
// `function f(a = e)` whose bound values change during simulation, passed on by the callee,
// bound again inside a function (MLS 12.4.2.1 case d), called with inputs in another order,
// through recursion, and in a parameter binding. Simpson's rule is exact for cubics, so every
// integral below has a closed form.
model FunctionalArguments
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  partial function SurfaceIntegrand
    input Real x;
    input Real y;
    output Real z;
  end SurfaceIntegrand;

  function simpson "Integral of f from a to b by Simpson's rule"
    input Integrand f;
    input Real a;
    input Real b;
    output Real integral;
  algorithm
    integral := (b - a)/6*(f(a) + 4*f((a + b)/2) + f(b));
  end simpson;

  function composite "Simpson's rule on 2^depth intervals, by recursion"
    input Integrand f;
    input Real a;
    input Real b;
    input Integer depth;
    output Real integral;
  algorithm
    if depth == 0 then
      integral := simpson(f, a, b);
    else
      integral := composite(f, a, (a + b)/2, depth - 1) + composite(f, (a + b)/2, b, depth - 1);
    end if;
  end composite;

  function polynomial "c[1] + c[2]*x + c[3]*x^2"
    extends Integrand;
    input Real c[3];
  algorithm
    y := c[1] + c[2]*x + c[3]*x^2;
  end polynomial;

  function cubic "k*x^3"
    extends Integrand;
    input Real k;
  algorithm
    y := k*x^3;
  end cubic;

  function shiftedSquare "(x - x0)^2, with the free input last"
    input Real x0;
    input Real x;
    output Real y;
  algorithm
    y := (x - x0)^2;
  end shiftedSquare;

  function product "x*y"
    extends SurfaceIntegrand;
  algorithm
    z := x*y;
  end product;

  function lineIntegral "Integral of g(s, x) over s from y1 to y2"
    input Real x;
    input Real y1;
    input Real y2;
    input SurfaceIntegrand g;
    output Real integral;
  algorithm
    // The free input keeps its name x, as Integrand requires (MLS 12.4.2): bind y.
    integral := simpson(function g(y = x), y1, y2);
  end lineIntegral;

  function surfaceIntegral "Integral of g over [x1, x2] x [y1, y2] (g symmetric)"
    input Real x1;
    input Real x2;
    input Real y1;
    input Real y2;
    input SurfaceIntegrand g;
    output Real integral;
  algorithm
    integral := simpson(function lineIntegral(y1 = y1, y2 = y2, g = g), x1, x2);
  end surfaceIntegral;

  parameter Real half = simpson(function cubic(k = 2), 0, 1) "2/4";
  Real halfTime = half*time "t/2";
  Real polynomialArea = simpson(function polynomial(c = {1, 2, 3}), 0, time) "t + t^2 + t^3";
  Real growing = composite(function cubic(k = time), 0, 1, 2) "t/4";
  Real shifted = simpson(f = function shiftedSquare(x0 = 1), a = 0, b = time) "((t-1)^3 + 1)/3";
  Real surface = surfaceIntegral(0, 1, 0, time, product) "t^2/4";
  annotation(experiment(StopTime = 2));
end FunctionalArguments;
