// Expressions whose parentheses matter, and some that do not; the round trip must keep every
// tree (MLS 3.2 and A.2.7).
model Precedence
  Real a = 1, b = 2, c = 3;
  Real r1 = -a^b, r2 = (-a)^b, r3 = a - (b - c), r4 = (a - b) - c, r5 = -(a + b)*c;
  Real r6 = a/(b*c), r7 = (a/b)*c, r8 = a^(b^c), r9 = (a^b)^c, r10 = a + (-b);
  Real r11 = (if a > b then a else b)*2, r12 = if a > b then if b > c then 1 else 2 else 3;
  Boolean q1 = not (a > b and b > c), q2 = (not a > b) and (b > c or c > a);
  Boolean q3 = (a > b) == (b > c), q4 = a + b < c - a, q5 = (a or b) and c;
  Real v1[:] = (1:3)*2, v2[:] = 1:2:10, v3[:] = (a + b):(a*c);
  Real m[2, 2] = [a, -b; (c), d.^2], s = sum({i*j for i in 1:2, j in 1:3});
  String t = "a" + ("b" + "c");
equation
  (a, , b) = f(c);
  (r1) = -(-a);
end Precedence;
