// external "FORTRAN 77" (MLS 12.9.1.2) through LAPACK's dgesv, which solves A X = B in place:
// every argument by reference, the matrices column-major. A = [2, 1; 0, 1 + time] is not
// symmetric, so a matrix passed without transposing gives another solution. With
// B = [3, 1; 2 + time, 0]: X[2, 1] = (2 + time) / (1 + time), X[1, 1] = (3 - X[2, 1]) / 2,
// X[2, 2] = 0, X[1, 2] = 1 / 2 (tests/models/external_models_test.cpp checks them).
model FortranSolve
  function solve
    input Real A[:, size(A, 1)];
    input Real B[size(A, 1), :];
    output Real X[size(B, 1), size(B, 2)] = B;
    output Integer info;
  protected
    Real LU[size(A, 1), size(A, 1)] = A;
    Integer pivots[size(A, 1)];
  external "FORTRAN 77" dgesv(size(A, 1), size(B, 2), LU, size(A, 1), pivots, X, size(B, 1), info)
    annotation(Library = "lapack");
  end solve;
  Real X[2, 2];
  Integer info;
equation
  (X, info) = solve([2, 1; 0, 1 + time], [3, 1; 2 + time, 0]);
  annotation(experiment(StopTime = 1));
end FortranSolve;
