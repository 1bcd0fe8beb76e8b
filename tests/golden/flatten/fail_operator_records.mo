// Operators on records that define none, operands no operator function accepts, and two
// functions that both match are errors at the operator (MLS 14.2, 14.5); a flow operator record
// needs '+', '-' and '0' for its connection equations (MLS 9.2).
package Ops
  record Plain
    Real x;
  end Plain;
  operator record C
    Real re;
    encapsulated operator '+'
      function add
        import Ops.C;
        input C a;
        input C b;
        output C c;
      algorithm
        c := C(a.re + b.re);
      end add;
      function addScaled
        import Ops.C;
        input C a;
        input C b;
        input Real k = 1;
        output C c;
      algorithm
        c := C(a.re + k*b.re);
      end addScaled;
    end '+';
    encapsulated operator function '*'
      import Ops.C;
      input C a;
      input C b;
      output C c;
    algorithm
      c := C(a.re*b.re);
    end '*';
  end C;
end Ops;

model FailOperatorRecords
  connector Pin
    Ops.C v;
    flow Ops.C i;
  end Pin;
  Pin a, b;
  Ops.Plain p = Ops.Plain(1);
  Ops.Plain q = -p;
  Ops.C c = Ops.C(1);
  Ops.C d = c + c;
  Ops.C e = c * true;
equation
  connect(a, b);
end FailOperatorRecords;
// CHECK: fail_operator_records.mo:47:17: error[E0405]: '-' is applied to a record that is no operator record; only operator records define operators (MLS 14.1)
// CHECK: fail_operator_records.mo:49:13: error[E0405]: several functions of operator '+' of 'Ops.C' match these operands (MLS 14.2)
// CHECK: fail_operator_records.mo:11:16: note: 'Ops.C.'+'.add' matches
// CHECK: fail_operator_records.mo:19:16: note: 'Ops.C.'+'.addScaled' matches
// CHECK: fail_operator_records.mo:50:13: error[E0405]: no function of operator '*' of 'Ops.C' accepts (Ops.C, Boolean) (MLS 14.5)
// CHECK: fail_operator_records.mo:43:16: error[E0407]: the flow variable 'i' is an operator record 'Ops.C' without the operators '-', '0' that its connection equations need (MLS 9.2)
