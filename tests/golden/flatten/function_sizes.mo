// Sizes from the values of function inputs (MLS 12.4.4): a function is specialised for the
// values of the inputs its sizes read (named f[m=3]); protected parameters computed from input
// sizes and calls fix sizes; a parameter of the model computed by a function fixes a size;
// an if-statement decided by the specialisation keeps only its taken branch.
package S
  function angles
    input Integer m;
    output Real phi[m];
  algorithm
    for k in 1:m loop
      phi[k] := (k - 1) / m;
    end for;
  end angles;

  function project
    input Real x[:];
    output Real y;
  protected
    parameter Integer m = size(x, 1);
    parameter Real phi[m] = angles(m);
    parameter Real T[2, m] = {phi, 2 * phi};
  algorithm
    y := sum(T * x);
  end project;

  function count
    input Integer n;
    output Integer k = div(n + 1, 2);
  end count;

  function odds
    input Integer n;
    output Integer c[count(n)];
  algorithm
    for i in 1:size(c, 1) loop
      c[i] := 2 * i - 1;
    end for;
  end odds;

  function halving
    input Integer m;
    output Real w[m];
  algorithm
    if m == 1 then
      w[1] := 1;
    else
      w[1:div(m, 2)] := halving(div(m, 2));
      w[div(m, 2) + 1:m] := 2 * ones(m - div(m, 2));
    end if;
  end halving;
end S;

model UseS
  parameter Integer m = 3;
  parameter Real phi[m] = S.angles(m);
  parameter Integer n = S.count(5);
  Integer c[n] = S.odds(5);
  Real w[4] = S.halving(4);
  Real y = S.project({1, 2, 3} * time);
end UseS;

// CHECK: function S.angles[m=3]
// CHECK-NEXT:   input Integer m;
// CHECK-NEXT:   output Real phi[3];
// CHECK: end S.angles[m=3];
// CHECK: function S.odds[n=5]
// CHECK-NEXT:   input Integer n;
// CHECK-NEXT:   output Integer c[3];
// CHECK: function S.halving[m=4]
// CHECK:     w[2] := S.halving[m=2](div(m, 2))[2];
// CHECK-NEXT:     w[3] := 2 * 1;
// CHECK: function S.halving[m=2]
// CHECK:     w[1] := S.halving[m=1](div(m, 2));
// CHECK: function S.halving[m=1]
// CHECK-NEXT:   input Integer m;
// CHECK-NEXT:   output Real w[1];
// CHECK-NEXT: algorithm
// CHECK-NEXT:   w[1] := 1;
// CHECK-NEXT: end S.halving[m=1];
// CHECK-NOT: S.halving[m=0]
// CHECK: function S.project[3]
// CHECK-NEXT:   input Real x[3];
// CHECK-NEXT:   output Real y;
// CHECK-NEXT:   protected Integer m;
// CHECK-NEXT:   protected Real phi[3];
// CHECK-NEXT:   protected Real T[2, 3];
// CHECK-NEXT: algorithm
// CHECK-NEXT:   m := 3;
// CHECK-NEXT:   phi[1] := S.angles[m=3](m)[1];
// CHECK: class UseS
// CHECK:   parameter Integer m = 3;
// CHECK:   parameter Real phi[3] = S.angles[m=3](m)[3];
// CHECK-NEXT:   parameter Integer n = S.count(5);
// CHECK:   discrete Integer c[3] = S.odds[n=5](5)[3];
// CHECK-NEXT:   Real w[1] = S.halving[m=4](4)[1];
