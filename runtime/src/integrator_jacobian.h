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
  /// Where the analytic Jacobian comes from: the ODE form's d dy / d y, or the residual form's
  /// d [dy; h] / d [y; z] (IDA with algebraic unknowns; rows past the differential ones are
  /// the residuals h, which carry neither the diagonal nor the sign of the differential rows).
  enum class Form { Ode, Residual };
  /// A size x size Newton matrix for `system` in `form`, with differences when the system
  /// gives no Jacobian of that form. `y` is a template vector of the integrator's size.
  /// Throws IntegratorError when SUNDIALS fails.
  IntegratorJacobian(OdeSystem& system, int size, int sparseThreshold, Form form, N_Vector y,
                     SUNContext context, SundialsCheck& check);
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
  /// (0, 1), IDA wants cj * I - J (cj, -1). In the residual form y is [y; z] and the rows of
  /// the residuals h get J itself: IDA's [cj I - f_y, -f_z; h_y, h_z].
  CallbackStatus fill(double t, std::span<const double> y, std::span<const double> dy,
                      SUNMatrix matrix, double diagonal, double scale);

private:
  enum class Kind { Differences, Dense, DensePattern, Sparse };
  void buildSparseStructure(const SparsityPattern& pattern);
  CallbackStatus fillSparse(double t, std::span<const double> y, std::span<const double> dy,
                            SUNMatrix matrix, double diagonal, double scale);
  CallbackStatus fillDense(double t, std::span<const double> y, std::span<const double> dy,
                           SUNMatrix matrix, double diagonal, double scale);
  /// scale * J into a zeroed view from the system's symbolic Jacobian.
  CallbackStatus symbolicDense(double t, std::span<const double> y, std::span<const double> dy,
                               DenseMatrixView view, double scale);
  /// scale * J into the view by forward differences of f (the ODE form only).
  CallbackStatus differenceQuotients(double t, std::span<const double> y,
                                     std::span<const double> dy, DenseMatrixView view,
                                     double scale);

  /// The system's nonzeros of its form into values_.
  CallbackStatus evaluate(double t, std::span<const double> y, std::span<const double> dy);
  const SparsityPattern* pattern() const;
  /// `scale` for a differential row; a residual row of the residual form enters as it is.
  double rowScale(int row, double scale) const { return row < differentialRows_ ? scale : 1.0; }

  OdeSystem& system_;
  int size_;
  Form form_;
  int differentialRows_; // rows that get the diagonal and `scale`; the others get +1
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
