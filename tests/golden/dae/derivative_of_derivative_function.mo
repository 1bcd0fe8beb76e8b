// MLS 12.7.1: x = f(time) differentiated twice (der(x) = v, der(v) = w): f's derivative fd
// takes (u, der_u) and fd's derivative fdd takes (u, der_u, der_2_u), the second-order form.
// Written here with fd's annotation `order = 1` (as the compliance suite's Derivative test
// does), the arity shows which form is meant.
model DerivativeOfDerivativeFunction
  function f
    input Real u;
    output Real y;
  algorithm
    y := sin(u);
    annotation(derivative = fd);
  end f;
  function fd
    input Real u;
    input Real der_u;
    output Real der_y;
  algorithm
    der_y := cos(u)*der_u;
    annotation(derivative(order = 1) = fdd);
  end fd;
  function fdd
    input Real u;
    input Real der_u;
    input Real der_2_u;
    output Real der_2_y;
  algorithm
    der_2_y := cos(u)*der_2_u - sin(u)*der_u*der_u;
  end fdd;
  Real x, v, w;
equation
  x = f(time);
  der(x) = v;
  der(v) = w;
end DerivativeOfDerivativeFunction;
// CHECK: differentiated equations (3):
// CHECK-NEXT: der(x) = DerivativeOfDerivativeFunction.fd(time, 1.0)[1]
// CHECK-NEXT: der(der(x)) = DerivativeOfDerivativeFunction.fdd(time, 1.0, 0.0)[1]
