// Integer subscripts that change during simulation (MLS 10.5): in an expression the element
// is chosen among the dimension's elements; an assignment target becomes one branch per
// element, after an assert that the subscript is in range.
model RuntimeIntegerSubscripts
  parameter Real table[3] = {1, 2, 3};
  Integer i = if time > 0.5 then 2 else 1;
  Real y = table[i];
  Real buf[2];
algorithm
  buf[i] := time;
end RuntimeIntegerSubscripts;

// CHECK: class RuntimeIntegerSubscripts
// CHECK: Real y = if i == 1 then table[1] else if i == 2 then table[2] else table[3];
// CHECK: algorithm
// CHECK-NEXT: assert(i >= 1 and i <= 2, "array subscript out of range in this assignment (MLS 10.5)");
// CHECK-NEXT: if i == 1 then
// CHECK-NEXT: buf[1] := time;
// CHECK-NEXT: else
// CHECK-NEXT: buf[2] := time;
// CHECK-NEXT: end if;
