// homotopy() needs both of its arguments, named 'actual' and 'simplified', of equal sizes.
model FailHomotopy
  Real x, y, z[2], w;
equation
  x = homotopy(actual = y);
  y = homotopy(x, simple = 1);
  z = homotopy({x, y}, {1, 2, 3});
  w = homotopy(x, y, 1);
end FailHomotopy;
// CHECK: fail_homotopy.mo:5:7: error[E0406]: homotopy needs its 'simplified' argument
// CHECK: fail_homotopy.mo:6:19: error[E0406]: homotopy has no argument 'simple'; its arguments are 'actual' and 'simplified'
// CHECK: fail_homotopy.mo:7:7: error[E0405]: the 'actual' and 'simplified' arguments of homotopy must have the same size
// CHECK: fail_homotopy.mo:8:7: error[E0406]: homotopy takes two arguments, 'actual' and 'simplified'
