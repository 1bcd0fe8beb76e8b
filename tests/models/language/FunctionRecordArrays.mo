// Arrays of records through functions (MLS 12.2, 12.6, 14.5): inputs and outputs that are
// arrays of an operator record, element access inside the function (v[i].re, v[:].re, t[i, j]),
// an operator function of two vectors (scalarProduct) chosen for `p*w`, and a tuple
// assignment whose first output is an array of records.
package FunctionRecordArraysLib
  operator record C
    Real re;
    Real im;
    encapsulated operator '*'
      function multiply
        import FunctionRecordArraysLib.C;
        input C a;
        input C b;
        output C c;
      algorithm
        c := C(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
      end multiply;
      function scalarProduct
        import FunctionRecordArraysLib.C;
        input C u[:];
        input C v[size(u, 1)];
        output C s;
      algorithm
        s := C(0, 0);
        for i in 1:size(u, 1) loop
          s := s + u[i]*v[i];
        end for;
      end scalarProduct;
    end '*';
    encapsulated operator function '+'
      import FunctionRecordArraysLib.C;
      input C a;
      input C b;
      output C c;
    algorithm
      c := C(a.re + b.re, a.im + b.im);
    end '+';
  end C;
  function sumC
    input C v[:];
    output C r;
  algorithm
    r := C(.sum(v[:].re), .sum(v.im));
  end sumC;
  function scaled
    input C v[:];
    input Real k;
    output C w[size(v, 1)];
    output Integer n;
  algorithm
    for i in 1:size(v, 1) loop
      w[i].re := k*v[i].re;
      w[i] := C(w[i].re, k*v[i].im);
    end for;
    n := size(v, 1);
  end scaled;
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
end FunctionRecordArraysLib;

model FunctionRecordArrays
  import FunctionRecordArraysLib.*;
  parameter C p[3] = {C(1, 2), C(3, 4), C(5, 6)};
  C s = sumC(p);
  C w[3] = scaled(p, time);
  C t[2, 2] = grid(2);
  C d = p*w;
  C v[3];
  Integer n;
algorithm
  (v, n) := scaled(p, 2*time);
end FunctionRecordArrays;
