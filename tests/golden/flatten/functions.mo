// Functions (MLS 12): specialised for argument sizes, defaults, named arguments, several
// outputs, recursion, algorithm statements.
package F
  function fact "recursive"
    input Integer n;
    output Integer f;
  algorithm
    f := if n <= 1 then 1 else n * fact(n - 1);
  end fact;

  function norm
    input Real x[:];
    output Real y;
  protected
    Real s = 0;
  algorithm
    for i in 1:size(x, 1) loop
      s := s + x[i]^2;
    end for;
    y := sqrt(s);
  end norm;

  function bounds
    input Real a;
    input Real b = 2 * a;
    output Real lo;
    output Real hi;
  algorithm
    lo := min(a, b);
    hi := max(a, b);
  end bounds;
end F;

model UseF
  Real v[3] = {1, 2, 2};
  Real n = F.norm(v);
  Integer k = F.fact(5);
  Real lo, hi;
equation
  (lo, hi) = F.bounds(b = 1, a = time);
end UseF;

// CHECK: function F.norm[3]
// CHECK-NEXT:   input Real x[3];
// CHECK-NEXT:   output Real y;
// CHECK-NEXT:   protected Real s;
// CHECK-NEXT:   protected Integer i;
// CHECK-NEXT: algorithm
// CHECK-NEXT:   s := 0;
// CHECK-NEXT:   for i in 1:1:3 loop
// CHECK-NEXT:     s := s + x[i] ^ 2;
// CHECK-NEXT:   end for;
// CHECK-NEXT:   y := sqrt(s);
// CHECK-NEXT: end F.norm[3];
// CHECK: function F.fact
// CHECK:   f := if n <= 1 then 1 else n * F.fact(n - 1);
// CHECK: class UseF
// CHECK:   Real n = F.norm[3](v[1], v[2], v[3]);
// CHECK-NEXT:   discrete Integer k = F.fact(5);
// CHECK: equation
// CHECK-NEXT:   lo = F.bounds(time, 1)[1];
// CHECK-NEXT:   hi = F.bounds(time, 1)[2];
