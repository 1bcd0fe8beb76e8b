// MLS 8.6: pre(y) of a discrete y is an unknown of the initialization problem. The initial
// equations determine pre(y) (from a parameter) and pre(entryTime); the equation for y reads
// the stand-in pre(y), and the when-clause, inactive at initialization (entryTime =
// pre(entryTime)), comes after the stand-in it keeps.
model InitialPre
  parameter Boolean pre_y_start = true;
  Real T(start = 0, fixed = true);
  Boolean y;
  discrete Real entryTime;
initial equation
  pre(y) = pre_y_start;
  pre(entryTime) = -1;
equation
  y = pre(y) and T < 0.5 or T < -0.5;
  der(T) = if y then 1 else -1;
  when y then
    entryTime = time;
  end when;
end InitialPre;
// CHECK: initialization InitialPre: 6 unknowns, 6 equations (3 of the model, 2 initial, 1 fixed start, 0 reinit, 0 start fallback)
// CHECK-NEXT: pre(y) := pre_y_start
// CHECK-NEXT: T := 0
// CHECK-NEXT: y := pre(y) and $rel0(T < 0.5) or $rel1(T < -0.5)
// CHECK-NEXT: der(T) := if y then 1 else -1
// CHECK-NEXT: $whenCondition1 := y
// CHECK-NEXT: pre(entryTime) := -1
// CHECK-NEXT: when-clause #0
