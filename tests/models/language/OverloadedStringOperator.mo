// String() of an operator record calls its operator 'String' (MLS 14.3), here with a value
// computed during simulation: n counts the samples at 0.25, 0.5, ...; at n = 3 the run ends by
// terminate() with "3.75 EUR" twice, from an expression and from a String variable.
model OverloadedStringOperator
  operator record Money
    Integer cents;
    operator function 'String'
      input Money m;
      input String currency = "EUR";
      output String s;
    algorithm
      s := String(m.cents / 100, format = ".2f") + " " + currency;
    end 'String';
  end Money;
  Integer n(start = 0, fixed = true);
  Money m = Money(125 * n);
  String shown = String(m);
equation
  when sample(0.25, 0.25) then
    n = pre(n) + 1;
  end when;
  when n == 3 then
    terminate("shown " + String(m) + " / " + shown + " / " + String(m, "USD"));
  end when;
  annotation(experiment(StopTime = 10));
end OverloadedStringOperator;
