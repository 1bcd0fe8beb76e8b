// MLS 4.6 and 14.2: an operator record is extended only by a short class definition, no class
// extends an enclosing scope of one, and each function of its 'constructor' declares one
// output, of the operator record.
model M
  package Units
    operator record Money
      Real amount;
      encapsulated operator 'constructor'
        import M.Units.Money;
        function fromTwo
          input Real a;
          input Real b;
          output Money sum;
          output Money difference;
        algorithm
          sum.amount := a + b;
          difference.amount := a - b;
        end fromTwo;
      end 'constructor';
    end Money;
    operator record Euros
      extends Money;
    end Euros;
    operator record Dollars = Money;
  end Units;
  package MoreUnits
    extends Units;
  end MoreUnits;
  Units.Euros e;
  Units.Dollars d = Units.Money(1, 2);
  MoreUnits.Money m(amount = 1);
end M;
// CHECK-DAG: fail_operator_record_rules.mo:22:15: error[E0407]: the operator record 'M.Units.Money' can only be extended by a short class definition, as in `operator record R2 = Money(...)` (MLS 4.6)
// CHECK-DAG: fail_operator_record_rules.mo:27:13: error[E0407]: 'M.Units' encloses the operator record 'Money', and no class may extend an enclosing scope of an operator record (MLS 4.6)
// CHECK-DAG: fail_operator_record_rules.mo:10:18: error[E0407]: function 'fromTwo' of 'M.Units.Money'.'constructor' must declare one output, of the operator record 'Money' (MLS 14.2); it declares 2 outputs
