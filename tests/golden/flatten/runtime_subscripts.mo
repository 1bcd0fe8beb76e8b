// Subscripts that change during simulation (MLS 10.5) in equations: a Boolean or enumeration
// index always hits an element of its dimension, so it becomes an if-expression over the
// dimension's elements, as the MSL's digital logic looks up `AndTable[x1, x2]` with
// discrete Logic values. Constant subscripts still select directly.
model RuntimeSubscripts
  type L = enumeration(U, Zero, One);
  constant L AndTable[L, L] = [L.U, L.Zero, L.U; L.Zero, L.Zero, L.Zero; L.U, L.Zero, L.One];
  parameter Real gain[Boolean] = {2, 3};
  L a = L.One;
  L b;
  L y;
  Boolean on = time > 0.5;
  Real w = gain[on];
equation
  when time > 0.25 then
    b = L.One;
  end when;
  y = AndTable[a, b];
end RuntimeSubscripts;

// CHECK: class RuntimeSubscripts
// CHECK:   Real w = if on == false then gain[1] else gain[2];
// CHECK: equation
// CHECK:   y = if integer(a) == 1 then if integer(b) == 1 then AndTable[1,1] else if integer(b) == 2 then AndTable[1,2] else AndTable[1,3] else if integer(a) == 2 then if integer(b) == 1 then AndTable[2,1] else if integer(b) == 2 then AndTable[2,2] else AndTable[2,3] else if integer(b) == 1 then AndTable[3,1] else if integer(b) == 2 then AndTable[3,2] else AndTable[3,3];
