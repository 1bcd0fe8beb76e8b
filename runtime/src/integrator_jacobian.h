// The Newton matrix of a SUNDIALS integrator and its linear solver, chosen once per system:
// the OdeSystem's analytic Jacobian in a sparse matrix factorised by KLU when it has a pattern
// and at least IntegratorSettings::sparseThreshold unknowns, in a dense matrix otherwise, or a
// dense matrix the integrator fills by difference quotients when there is no analytic one.
#pragma once

#include "mocc/runtime/integrator.h"
#include "sundials_check.h"

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

#include <string>
#include <vector>

namespace mocc::runtime {

class IntegratorJacobian {
public:
  /// A size x size Newton matrix for `system`; `analyticAllowed` false forces differences
  /// (IDA with algebraic unknowns, whose Jacobian the system does not give). `y` is a
  /// template vector of the integrator's size. Throws IntegratorError when SUNDIALS fails.
  IntegratorJacobian(OdeSystem& system, int size, int sparseThreshold, bool analyticAllowed,
                     N_Vector y, SUNContext context, SundialsCheck& check);
  ~IntegratorJacobian();
  IntegratorJacobian(const IntegratorJacobian&) = delete;
  IntegratorJacobian& operator=(const IntegratorJacobian&) = delete;

  SUNMatrix matrix() const { return matrix_; }
  SUNLinearSolver solver() const { return solver_; }
  /// True when the integrator must install a Jacobian function that calls fill().
  bool analytic() const { return kind_ != Kind::Differences; }
  /// "analytic, dense", "analytic, sparse (KLU)" or "finite differences, dense".
  std::string description() const;

  /// matrix := diagonal * I + scale * J(t, y), J from the system, dy = f(t, y): CVODE wants J
  /// (0, 1), IDA wants cj * I - J (cj, -1).
  CallbackStatus fill(double t, std::span<const double> y, std::span<const double> dy,
                      SUNMatrix matrix, double diagonal, double scale);

private:
  enum class Kind { Differences, Dense, DensePattern, Sparse };
  void buildSparseStructure(const SparsityPattern& pattern);
  CallbackStatus fillSparse(double t, std::span<const double> y, std::span<const double> dy,
                            SUNMatrix matrix, double diagonal, double scale);
  CallbackStatus fillDense(double t, std::span<const double> y, std::span<const double> dy,
                           SUNMatrix matrix, double diagonal, double scale);

  OdeSystem& system_;
  int size_;
  Kind kind_ = Kind::Differences;
  SUNMatrix matrix_ = nullptr;
  SUNLinearSolver solver_ = nullptr;
  // Sparse (CSR): the row pointers and column indices with the diagonal always present, the
  // data position of each pattern entry and of each diagonal entry.
  std::vector<sunindextype> rowStarts_, columnIndices_;
  std::vector<std::size_t> entryPosition_, diagonalPosition_;
  std::vector<double> values_;
};

} // namespace mocc::runtime
