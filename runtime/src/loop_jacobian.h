// The Jacobian of one algebraic loop inside Newton's method (algebraic_solver.cpp): assembled
// from the loop's analytic nonzeros or column by column from finite differences, factorised
// with Eigen (dense LU with partial pivoting for small loops, SparseLU for large ones), then
// used to solve for Newton steps.
#pragma once

#include <memory>
#include <span>
#include <vector>

namespace mocc::runtime {

class LoopJacobian {
public:
  /// A size x size Jacobian; `sparse` chooses the sparse factorisation. `rows`/`columns` are
  /// the analytic nonzeros (empty for finite differences).
  LoopJacobian(int size, bool sparse, std::span<const int32_t> rows,
               std::span<const int32_t> columns);
  ~LoopJacobian();
  LoopJacobian(const LoopJacobian&) = delete;
  LoopJacobian& operator=(const LoopJacobian&) = delete;

  /// Sets the matrix from the values of the analytic nonzeros (in the constructor's order).
  void setNonzeros(std::span<const double> values);
  /// Starts a matrix filled column by column (finite differences).
  void beginColumns();
  void setColumn(int column, std::span<const double> values);
  void endColumns();

  /// Factorises the matrix; false when it is singular (to working precision for the dense
  /// factorisation: reciprocal condition estimate of the row- and column-equilibrated matrix
  /// below machine epsilon).
  bool factorize();
  /// step := -J^{-1} residual. Only after a successful factorize().
  void newtonStep(std::span<const double> residual, std::span<double> step);
  /// step := -J^+ residual, the least-squares step of least norm, for a singular J (dense
  /// only: false for the sparse factorisation).
  bool minimumNormStep(std::span<const double> residual, std::span<double> step);
  /// scale_i := sum_j |J_ij x_j| + |(J x)_i - r_i|: the size of the terms whose rounding
  /// limits how small the residual r of a linear loop at x can get (Oettli-Prager).
  void roundingScale(std::span<const double> x, std::span<const double> r,
                     std::span<double> scale) const;

  bool sparse() const { return sparse_; }

private:
  struct Dense;
  struct Sparse;
  int size_;
  bool sparse_;
  std::vector<int32_t> rows_, columns_;
  std::unique_ptr<Dense> dense_;
  std::unique_ptr<Sparse> sparseMatrix_;
};

} // namespace mocc::runtime
