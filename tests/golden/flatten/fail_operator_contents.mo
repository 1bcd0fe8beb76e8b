// An operator "may only contain declarations of functions" (MLS 4.6): not a constant.
model M
  operator record OR
    Real x;
    operator '+'
      constant Real y = 2.0;
      function add
        input OR a;
        input OR b;
        output OR result;
      algorithm
        result := OR(x = a.x + b.x + y);
      end add;
    end '+';
  end OR;
  OR a(x = 1.0);
  OR b(x = 2.0);
  OR c = a + b;
end M;
// CHECK: fail_operator_contents.mo:6:7: error[E0405]: operator '+' may only contain declarations of functions (MLS 4.6)
