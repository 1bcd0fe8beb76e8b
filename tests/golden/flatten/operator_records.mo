// Operator records (MLS 14): operators on them are calls of their operator functions, chosen
// by the operand types (MLS 14.2); a Real operand is converted by the constructor of the
// other operand's record when no function takes it directly (MLS 14.5), `-c` calls the
// one-input function of '-' (MLS 14.6), `C(x)` calls the matching 'constructor' (MLS 14.3),
// and a short class definition keeps the operators of its base (MLS 14.1). A connector
// defined as an operator record with a causality has its value as well.
package Ops
  operator record C
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        import Ops.C;
        input Real re;
        input Real im = 0;
        output C result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator '-'
      function negate
        import Ops.C;
        input C a;
        output C b;
      algorithm
        b := C(-a.re, -a.im);
      end negate;
      function subtract
        import Ops.C;
        input C a;
        input C b;
        output C c;
      algorithm
        c := C(a.re - b.re, a.im - b.im);
      end subtract;
    end '-';
    encapsulated operator function '*'
      import Ops.C;
      input C a;
      input C b;
      output C c;
    algorithm
      c := C(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
    end '*';
    encapsulated operator function '=='
      import Ops.C;
      input C a;
      input C b;
      output Boolean same;
    algorithm
      same := a.re == b.re and a.im == b.im;
    end '==';
  end C;
  operator record Voltage = C(re(unit = "V"), im(unit = "V"));
  connector COutput = output C;
end Ops;

model OperatorRecords
  Ops.Voltage v = Ops.C(1, 2);
  Ops.C w = 2*v;
  Ops.C n = -v;
  Boolean same = v == w;
  Ops.COutput y;
equation
  y = v*v;
end OperatorRecords;
// CHECK: function Ops.C.'constructor'.fromReal
// CHECK:   result.re := re;
// CHECK:   result.im := im;
// CHECK: class OperatorRecords
// CHECK:   Real v.re(unit = "V") = Ops.C.'constructor'.fromReal(1, 2)[1];
// 2*v: the Real converted by C's constructor, then C.'*' (MLS 14.5).
// CHECK:   Real w.re = Ops.C.'*'(Ops.C.'constructor'.fromReal(2, 0)[1], Ops.C.'constructor'.fromReal(2, 0)[2], v.re, v.im)[1];
// CHECK:   Real n.im = Ops.C.'-'.negate(v.re, v.im)[2];
// CHECK:   discrete Boolean same = Ops.C.'=='(v.re, v.im, w.re, w.im);
// CHECK:   y.re = Ops.C.'*'(v.re, v.im, v.re, v.im)[1];
// CHECK: end OperatorRecords;
