// Functional arguments (MLS 12.4.2): the callee is specialised for the function it is given;
// what a partial application binds becomes extra inputs "f.a" of that specialisation, so the
// bound values may change during simulation. A functional input passed on keeps its bound
// inputs; one bound again (MLS 12.4.2.1 case d) adds to them.
package H
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  function midpoint
    input Integrand f;
    input Real a;
    input Real b;
    output Real integral = (b - a) * f((a + b) / 2);
  end midpoint;

  function halves
    input Integrand f;
    input Real a;
    input Real b;
    output Real integral = midpoint(f, a, (a + b) / 2) + midpoint(f, (a + b) / 2, b);
  end halves;

  function line "k*x + d"
    extends Integrand;
    input Real k;
    input Real d = 0;
  algorithm
    y := k * x + d;
  end line;

  function identity
    extends Integrand;
  algorithm
    y := x;
  end identity;

  function offset
    input Integrand f;
    input Real d;
    output Real integral = midpoint(function line(k = d, d = f(d)), 0, 1);
  end offset;
end H;

model UseH
  Real a = H.halves(function H.line(k = time), 0, 1);
  Real b = H.midpoint(H.identity, 0, time);
  Real c = H.offset(function H.line(k = 2), time);
end UseH;

// CHECK: function H.halves[f=H.line(k)]
// CHECK-NEXT:   input Real f.k;
// CHECK-NEXT:   input Real a;
// CHECK-NEXT:   input Real b;
// CHECK-NEXT:   output Real integral;
// CHECK-NEXT: algorithm
// CHECK-NEXT:   integral := H.midpoint[f=H.line(k)](f.k, a, (a + b) / 2) + H.midpoint[f=H.line(k)](f.k, (a + b) / 2, b);
// CHECK: function H.midpoint[f=H.line(k)]
// CHECK-NEXT:   input Real f.k;
// CHECK-NEXT:   input Real a;
// CHECK-NEXT:   input Real b;
// CHECK-NEXT:   output Real integral;
// CHECK-NEXT: algorithm
// CHECK-NEXT:   integral := (b - a) * H.line((a + b) / 2, f.k, 0);
// CHECK: function H.midpoint[f=H.identity()]
// CHECK:   integral := (b - a) * H.identity((a + b) / 2);
// CHECK: function H.offset[f=H.line(k)]
// CHECK:   integral := H.midpoint[f=H.line(k,d)](d, H.line(d, f.k, 0), 0, 1);
// CHECK: class UseH
// CHECK:   Real a = H.halves[f=H.line(k)](time, 0, 1);
// CHECK-NEXT:   Real b = H.midpoint[f=H.identity()](0, time);
// CHECK-NEXT:   Real c = H.offset[f=H.line(k)](2, time);
