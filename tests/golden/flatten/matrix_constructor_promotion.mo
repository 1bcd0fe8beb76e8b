// A matrix constructor promotes its elements to max(2, ndims) dimensions and concatenates
// along the second, then the first (MLS 10.4.2): [A] of a 3-dimensional A is A, as the MSL's
// Digital tables use it; a vector is a column.
model MatrixConstructorPromotion
  constant Real a[2, 2, 2] = [{{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}];
  constant Real b[2, 3] = [1, transpose([{2, 3}]); 4, transpose([{5, 6}])];
  constant Real c[3, 2] = [{1, 2, 3}, {4, 5, 6}];
end MatrixConstructorPromotion;

// CHECK: constant Real a[1,1,1] = 1;
// CHECK: constant Real a[1,1,2] = 2;
// CHECK: constant Real a[1,2,1] = 3;
// CHECK: constant Real a[2,1,2] = 6;
// CHECK: constant Real a[2,2,2] = 8;
// CHECK: constant Real b[1,2] = 2;
// CHECK: constant Real b[1,3] = 3;
// CHECK: constant Real b[2,1] = 4;
// CHECK: constant Real b[2,3] = 6;
// CHECK: constant Real c[1,2] = 4;
// CHECK: constant Real c[3,1] = 3;
// CHECK: constant Real c[3,2] = 6;
