// Arrays of records in functions (MLS 12.2, 12.6): a function's frame holds an array of
// records field by field, `C v[:]` as v.re[n] and v.im[n], so that `v[i].re` is v.re[i] and
// `v[:].re` a slice of it; a call passes an array of records field by field and reads its
// record-array outputs back element by element. An operator function taking arrays, as
// Complex's '*'.scalarProduct, is chosen for two vectors before the element-wise rule
// (MLS 14.5), and `.sum` is the built-in (MLS 5.3.3).
package RA
  operator record C
    Real re;
    Real im;
    encapsulated operator '*'
      function multiply
        import RA.C;
        input C a;
        input C b;
        output C c;
      algorithm
        c := C(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
      end multiply;
      function scalarProduct
        import RA.C;
        input C u[:];
        input C v[size(u, 1)];
        output C s;
      algorithm
        s := C(0, 0);
        for i in 1:size(u, 1) loop
          s := C(s.re + u[i].re*v[i].re - u[i].im*v[i].im, s.im + u[i].re*v[i].im + u[i].im*v[i].re);
        end for;
      end scalarProduct;
    end '*';
  end C;
  function sumC
    input C v[:];
    output C r;
  algorithm
    r := C(.sum(v[:].re), .sum(v.im));
  end sumC;
  function scale
    input C v[:];
    input Real k;
    output C w[size(v, 1)];
  algorithm
    for i in 1:size(v, 1) loop
      w[i].re := k*v[i].re;
      w[i] := C(w[i].re, k*v[i].im);
    end for;
  end scale;
  function grid
    input Integer m;
    output C t[m, m];
  algorithm
    for i in 1:m loop
      for j in 1:m loop
        t[i, j] := C(i, j);
      end for;
    end for;
  end grid;
end RA;

model FunctionRecordArrays
  import RA.*;
  parameter C p[3] = {C(1, 2), C(3, 4), C(5, 6)};
  C s = sumC(p);
  C w[3] = scale(p, time);
  C t[2, 2] = grid(2);
  C d = p*w;
end FunctionRecordArrays;

// CHECK: function RA.sumC[3]
// CHECK-NEXT:   input Real v.re[3];
// CHECK-NEXT:   input Real v.im[3];
// CHECK-NEXT:   output Real r.re;
// CHECK-NEXT:   output Real r.im;
// CHECK:   r.re := v.re[1] + v.re[2] + v.re[3];
// CHECK-NEXT:   r.im := v.im[1] + v.im[2] + v.im[3];
// CHECK: function RA.scale[3]
// CHECK:   output Real w.re[3];
// CHECK-NEXT:   output Real w.im[3];
// CHECK:     w.re[i] := k * v.re[i];
// CHECK-NEXT:     w.re[i] := w.re[i];
// CHECK-NEXT:     w.im[i] := k * v.im[i];
// CHECK: function RA.grid[m=2]
// CHECK:   output Real t.re[2, 2];
// CHECK-NEXT:   output Real t.im[2, 2];
// CHECK:       t.re[i, j] := i;
// CHECK-NEXT:       t.im[i, j] := j;
// CHECK: function RA.C.'*'.scalarProduct[3;3]
// CHECK: class FunctionRecordArrays
// CHECK:   Real s.re = RA.sumC[3](p[1].re, p[2].re, p[3].re, p[1].im, p[2].im, p[3].im)[1];
// CHECK:   Real w[1].im = RA.scale[3](p[1].re, p[2].re, p[3].re, p[1].im, p[2].im, p[3].im, time)[4];
// CHECK:   Real t[2,1].re = RA.grid[m=2](2)[3];
// CHECK:   Real t[2,1].im = RA.grid[m=2](2)[7];
// CHECK:   Real d.re = RA.C.'*'.scalarProduct[3;3](p[1].re, p[2].re, p[3].re, p[1].im, p[2].im, p[3].im, w[1].re, w[2].re, w[3].re, w[1].im, w[2].im, w[3].im)[1];
