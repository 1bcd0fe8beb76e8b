// IntegratorJacobian: the CSR structure for KLU always holds the diagonal, with explicit zeros
// where the system has none. CVODE forms I - gamma*J in place and, without a full diagonal,
// rebuilds the matrix at every Newton setup, which is quadratic in the size (TOOLCHAIN.md:
// 0.8 s against over 10 minutes on a 2e5-state chain).
#include "integrator_jacobian.h"

#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace mocc::runtime {

IntegratorJacobian::IntegratorJacobian(OdeSystem& system, int size, int sparseThreshold, Form form,
                                       N_Vector y, SUNContext context, SundialsCheck& check)
    : system_(system), size_(size), form_(form),
      differentialRows_(form == Form::Residual ? system.size() : size) {
  const SparsityPattern* pattern = this->pattern();
  bool analytic = form == Form::Residual ? pattern != nullptr : system.hasJacobian();
  if (!analytic) {
    kind_ = Kind::Differences;
  } else if (!pattern) {
    kind_ = Kind::Dense;
  } else {
    kind_ = size >= sparseThreshold ? Kind::Sparse : Kind::DensePattern;
    values_.resize(pattern->rows.size());
  }
  if (kind_ == Kind::Sparse) {
    buildSparseStructure(*pattern);
    matrix_ =
        check.created(SUNSparseMatrix(size, size, static_cast<sunindextype>(columnIndices_.size()),
                                      CSR_MAT, context),
                      "SUNSparseMatrix", 0.0);
    std::copy(rowStarts_.begin(), rowStarts_.end(), SUNSparseMatrix_IndexPointers(matrix_));
    std::copy(columnIndices_.begin(), columnIndices_.end(), SUNSparseMatrix_IndexValues(matrix_));
    solver_ = check.created(SUNLinSol_KLU(y, matrix_, context), "SUNLinSol_KLU", 0.0);
    return;
  }
  matrix_ = check.created(SUNDenseMatrix(size, size, context), "SUNDenseMatrix", 0.0);
  solver_ = check.created(SUNLinSol_Dense(y, matrix_, context), "SUNLinSol_Dense", 0.0);
}

IntegratorJacobian::~IntegratorJacobian() {
  if (solver_) SUNLinSolFree(solver_);
  if (matrix_) SUNMatDestroy(matrix_);
}

std::string IntegratorJacobian::description() const {
  switch (kind_) {
  case Kind::Differences: return "finite differences, dense";
  case Kind::Sparse: return "analytic, sparse (KLU)";
  default: return "analytic, dense";
  }
}

void IntegratorJacobian::buildSparseStructure(const SparsityPattern& pattern) {
  std::vector<std::vector<int>> columnsOfRow(static_cast<std::size_t>(size_));
  for (std::size_t k = 0; k < pattern.rows.size(); ++k)
    columnsOfRow[static_cast<std::size_t>(pattern.rows[k])].push_back(pattern.columns[k]);
  rowStarts_.assign(1, 0);
  for (int row = 0; row < size_; ++row) {
    std::vector<int>& columns = columnsOfRow[static_cast<std::size_t>(row)];
    columns.push_back(row);
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    columnIndices_.insert(columnIndices_.end(), columns.begin(), columns.end());
    rowStarts_.push_back(static_cast<sunindextype>(columnIndices_.size()));
  }
  auto positionOf = [&](int row, int column) {
    auto begin = columnIndices_.begin() + rowStarts_[static_cast<std::size_t>(row)];
    auto end = columnIndices_.begin() + rowStarts_[static_cast<std::size_t>(row) + 1];
    return static_cast<std::size_t>(std::lower_bound(begin, end, column) - columnIndices_.begin());
  };
  for (std::size_t k = 0; k < pattern.rows.size(); ++k)
    entryPosition_.push_back(positionOf(pattern.rows[k], pattern.columns[k]));
  for (int row = 0; row < size_; ++row)
    diagonalPosition_.push_back(positionOf(row, row));
}

const SparsityPattern* IntegratorJacobian::pattern() const {
  if (form_ == Form::Residual) return system_.residualJacobianPattern();
  return system_.hasJacobian() ? system_.jacobianPattern() : nullptr;
}

CallbackStatus IntegratorJacobian::evaluate(double t, std::span<const double> y,
                                            std::span<const double> dy) {
  if (form_ == Form::Ode) return system_.jacobianNonzeros(t, y, dy, values_);
  auto differential = static_cast<std::size_t>(differentialRows_);
  return system_.residualJacobianNonzeros(t, y.first(differential), y.subspan(differential),
                                          values_);
}

CallbackStatus IntegratorJacobian::fill(double t, std::span<const double> y,
                                        std::span<const double> dy, SUNMatrix matrix,
                                        double diagonal, double scale) {
  return kind_ == Kind::Sparse ? fillSparse(t, y, dy, matrix, diagonal, scale)
                               : fillDense(t, y, dy, matrix, diagonal, scale);
}

CallbackStatus IntegratorJacobian::fillSparse(double t, std::span<const double> y,
                                              std::span<const double> dy, SUNMatrix matrix,
                                              double diagonal, double scale) {
  CallbackStatus status = evaluate(t, y, dy);
  if (status != CallbackStatus::Ok) return status;
  // The solver may have been handed a matrix it reshaped: restore the structure each time.
  std::copy(rowStarts_.begin(), rowStarts_.end(), SUNSparseMatrix_IndexPointers(matrix));
  std::copy(columnIndices_.begin(), columnIndices_.end(), SUNSparseMatrix_IndexValues(matrix));
  double* data = SUNSparseMatrix_Data(matrix);
  std::fill_n(data, columnIndices_.size(), 0.0);
  const SparsityPattern& nonzeros = *pattern();
  for (std::size_t k = 0; k < values_.size(); ++k)
    data[entryPosition_[k]] += rowScale(nonzeros.rows[k], scale) * values_[k];
  for (std::size_t row = 0; row < static_cast<std::size_t>(differentialRows_); ++row)
    data[diagonalPosition_[row]] += diagonal;
  return CallbackStatus::Ok;
}

// A symbolic entry that is not finite need not stop the run: a loop's Jacobian taken through
// the adjugate divides by its determinant, which FluidHeatFlow's enthalpy loops make 0 at zero
// flow (0 / 0 where the loop itself is solved). Such an evaluation differences f instead.
CallbackStatus IntegratorJacobian::fillDense(double t, std::span<const double> y,
                                             std::span<const double> dy, SUNMatrix matrix,
                                             double diagonal, double scale) {
  DenseMatrixView view{SUNDenseMatrix_Data(matrix), size_};
  auto entries = static_cast<std::size_t>(size_) * static_cast<std::size_t>(size_);
  std::fill_n(view.data, entries, 0.0);
  CallbackStatus status = symbolicDense(t, y, dy, view, scale);
  bool finite =
      std::all_of(view.data, view.data + entries, [](double x) { return std::isfinite(x); });
  if (status == CallbackStatus::Recoverable && !finite && form_ == Form::Ode) {
    std::fill_n(view.data, entries, 0.0);
    status = differenceQuotients(t, y, dy, view, scale);
  }
  if (status != CallbackStatus::Ok) return status;
  for (int i = 0; i < differentialRows_; ++i)
    view(i, i) += diagonal;
  return CallbackStatus::Ok;
}

CallbackStatus IntegratorJacobian::symbolicDense(double t, std::span<const double> y,
                                                 std::span<const double> dy, DenseMatrixView view,
                                                 double scale) {
  if (kind_ == Kind::Dense) {
    CallbackStatus status = system_.jacobian(t, y, dy, view);
    if (scale != 1.0)
      for (std::size_t i = 0; i < static_cast<std::size_t>(size_) * size_; ++i)
        view.data[i] *= scale;
    return status;
  }
  CallbackStatus status = evaluate(t, y, dy);
  const SparsityPattern& nonzeros = *pattern();
  for (std::size_t k = 0; k < values_.size(); ++k)
    view(nonzeros.rows[k], nonzeros.columns[k]) += rowScale(nonzeros.rows[k], scale) * values_[k];
  return status;
}

// Column j: (f(y + delta e_j) - f(y)) / delta with delta = sqrt(eps) max(|y_j|, 1), as SUNDIALS'
// own difference quotients scale it.
CallbackStatus IntegratorJacobian::differenceQuotients(double t, std::span<const double> y,
                                                       std::span<const double> dy,
                                                       DenseMatrixView view, double scale) {
  std::vector<double> shifted(y.begin(), y.end()), slope(static_cast<std::size_t>(size_));
  const double root = std::sqrt(std::numeric_limits<double>::epsilon());
  for (int j = 0; j < size_; ++j) {
    auto column = static_cast<std::size_t>(j);
    double delta = root * std::max(std::abs(y[column]), 1.0);
    shifted[column] = y[column] + delta;
    CallbackStatus status = system_.derivatives(t, shifted, slope);
    shifted[column] = y[column];
    if (status != CallbackStatus::Ok) return status;
    for (int i = 0; i < size_; ++i)
      view(i, j) =
          scale * (slope[static_cast<std::size_t>(i)] - dy[static_cast<std::size_t>(i)]) / delta;
  }
  return CallbackStatus::Ok;
}

} // namespace mocc::runtime
