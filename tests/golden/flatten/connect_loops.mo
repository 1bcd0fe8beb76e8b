// connect-equations inside for-equations (MLS 8.3.2, 9.1): each iteration connects the
// elements its iterator values select; nested loops with ranges given by parameters, and
// if-equations with parameter conditions (here on the iterator) inside a loop.
package Lib
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Resistor
    parameter Real R = 1;
    Pin p, n;
  equation
    0 = p.i + n.i;
    p.v - n.v = R * p.i;
  end Resistor;
end Lib;

model ConnectLoops
  parameter Integer n = 3;
  parameter Integer m = 2;
  Lib.Pin a, b;
  Lib.Resistor chain[n];
  Lib.Resistor grid[m, 2];
equation
  // a chain: a - chain[1] - chain[2] - chain[3] - b
  connect(a, chain[1].p);
  for i in 1:n - 1 loop
    connect(chain[i].n, chain[i + 1].p);
  end for;
  connect(chain[n].n, b);
  // m strings of two between a and b
  for i in 1:m loop
    for j in 1:2 loop
      if j == 1 then
        connect(a, grid[i, j].p);
      else
        connect(grid[i, j - 1].n, grid[i, j].p);
        connect(grid[i, j].n, b);
      end if;
    end for;
  end for;
end ConnectLoops;

// CHECK: class ConnectLoops
// CHECK: equation
// The chain's inner nodes, one connection set per iteration:
// CHECK-DAG:   chain[1].n.i + chain[2].p.i = 0.0;
// CHECK-DAG:   chain[2].n.i + chain[3].p.i = 0.0;
// CHECK-DAG:   chain[2].p.v = chain[1].n.v;
// CHECK-DAG:   chain[3].p.v = chain[2].n.v;
// Each string's middle node:
// CHECK-DAG:   grid[1,1].n.i + grid[1,2].p.i = 0.0;
// CHECK-DAG:   grid[2,1].n.i + grid[2,2].p.i = 0.0;
// a (an outside connector, -1) joins chain[1].p and both strings' first resistors:
// CHECK-DAG:   chain[1].p.i + grid[1,1].p.i + grid[2,1].p.i - a.i = 0.0;
// CHECK-DAG:   chain[1].p.v = a.v;
// CHECK-DAG:   chain[1].p.v = grid[1,1].p.v;
// CHECK-DAG:   chain[1].p.v = grid[2,1].p.v;
// b joins the chain's end and both strings' ends:
// CHECK-DAG:   chain[3].n.i + grid[1,2].n.i + grid[2,2].n.i - b.i = 0.0;
// CHECK-DAG:   b.v = chain[3].n.v;
// CHECK-DAG:   b.v = grid[1,2].n.v;
// CHECK-DAG:   b.v = grid[2,2].n.v;
// CHECK-DAG:   grid[1,2].p.v = grid[1,1].n.v;
// CHECK-DAG:   grid[2,2].p.v = grid[2,1].n.v;
// CHECK: end ConnectLoops;
