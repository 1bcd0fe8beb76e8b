// Arrays of size 0 (MLS 10.1): a comprehension over an empty range is an empty vector, and a
// slice that selects none of an array of components is an empty array, however deep the
// reference goes below it. Sums over them are 0 (MLS 10.3.4), and operators that combine
// them with other empty arrays give empty arrays.
model EmptyArrays
  record Cell
    Real v;
  end Cell;
  model Segment
    Real x;
    Cell c;
  end Segment;
  parameter Integer n = 1;
  Segment s[n];
  Real flows[n - 1] = {s[i].x + s[i + 1].x for i in 1:n - 1} * 2;
  Real total = sum(s[2:n].c.v) + sum({s[i].x for i in 2:n});
equation
  for i in 1:n loop
    s[i].x = time;
    s[i].c.v = 2 * time;
  end for;
end EmptyArrays;

// CHECK: class EmptyArrays
// CHECK-NOT: flows
// CHECK:   Real total = 0 + 0;
// CHECK: equation
// CHECK-NEXT:   s[1].x = time;
// CHECK-NEXT:   s[1].c.v = 2 * time;
// CHECK-NEXT: end EmptyArrays;
