// der() of a constant or of a constant expression is 0 (MLS 3.7.4.2), and `==` may compare
// Real constants, whose values translation knows exactly (MLS 3.5 forbids it only where the
// operands change).
model DerConstant
  constant Real pa = 1;
  Real a = der(pa);
  Real b = der(1.0);
  Boolean same = 4 / 2 == 2;
end DerConstant;
// CHECK: aliases (3): a = 0.0, b = 0.0, same = true
