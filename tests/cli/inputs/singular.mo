model Singular "structurally singular: z appears in no equation, y in two"
  Real x(start = 1, fixed = true);
  Real y;
  Real z;
equation
  der(x) = -x;
  y = sin(time) + x;
  x + y = cos(time);
end Singular;
