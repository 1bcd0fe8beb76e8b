// Arrays of records as values (MLS 10, 12.6, 14.5): component arrays of an operator record
// combined element-wise, a function of one record applied to each element (MLS 12.4.6),
// array constructors, fill and comprehensions of records, an if-expression choosing between
// records, and a record holding an array of records given as a whole (MLS 7.2), whose
// flexibly sized field takes its size from that whole value, not from its class default.
package RecordArraysLib
  operator record Cx
    Real re;
    Real im;
    encapsulated operator function '+'
      import RecordArraysLib.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re + b.re, a.im + b.im);
    end '+';
    encapsulated operator function '*'
      import RecordArraysLib.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
    end '*';
  end Cx;
  function abs2
    input Cx c;
    output Real y;
  algorithm
    y := c.re^2 + c.im^2;
  end abs2;
  record RC
    parameter Real R = 1;
    parameter Real C = 2;
  end RC;
  record Cell
    parameter Integer n = 1;
    parameter RC rc[n] = {RC(R = 0, C = 0)};
    parameter Real R0 = 10 - sum(rc.R);
    parameter Real data[:] = {1};
  end Cell;
end RecordArraysLib;

model RecordArrays
  import RecordArraysLib.*;
  parameter Cell cell(n = 2, rc = {RC(R = 3, C = 4), RC(R = 5, C = 6)}, data = {1, 2, 3});
  parameter Cell copy = cell;
  Cx a[3] = {Cx(time, 1), Cx(2, time), Cx(1, 1)};
  Cx b[3] = fill(Cx(0, 1), 3);
  Cx s[3] = a + b;
  Cx p[3] = {a[k]*b[k] for k in 1:3};
  Cx q[3] = Cx(2, 0)*a;
  Real m[3] = abs2(s);
  Cx c = if time > 0.5 then a[1] else b[1];
  Real r0 = copy.R0 + copy.rc[2].C;
  Real total = sum(copy.data);
end RecordArrays;
