// LoopJacobian: Eigen's PartialPivLU for small loops and SparseLU (COLAMD ordering) for large
// ones. An analytic pattern is analysed once; a finite-difference matrix keeps every nonzero
// it finds, so its pattern is analysed at each factorisation.
#include "loop_jacobian.h"

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include <cmath>
#include <limits>

namespace mocc::runtime {

struct LoopJacobian::Dense {
  Eigen::MatrixXd matrix;
  // The LU factors J, or when J's condition estimate says singular, the equilibrated matrix
  // R J C (R, C diagonal, else identities): a loop's equations and unknowns carry their units'
  // scales (a magnetic loop mixes permeabilities near 1e-6 with reluctances near 1e9), which
  // can make the estimate for J fall below machine epsilon while J is far from singular.
  // Singularity does not depend on the scaling.
  Eigen::VectorXd rowScale, columnScale;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
};

namespace {

/// About 1 / the largest magnitude of each row, as a power of two so that scaling rounds
/// nothing (LAPACK's dgeequb does the same); 1 for a row of zeros, which stays singular.
Eigen::VectorXd inverseRowMaxima(const Eigen::MatrixXd& m) {
  Eigen::VectorXd maxima = m.cwiseAbs().rowwise().maxCoeff();
  return maxima.unaryExpr([](double v) {
    int exponent = 0;
    if (v > 0.0 && std::isfinite(v)) std::frexp(v, &exponent);
    return std::ldexp(1.0, -exponent);
  });
}

/// PartialPivLU never reports singularity itself; its reciprocal condition estimate does.
bool conditionedToWorkingPrecision(const Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  double rcond = lu.rcond();
  return std::isfinite(rcond) && rcond > std::numeric_limits<double>::epsilon();
}

} // namespace

struct LoopJacobian::Sparse {
  Eigen::SparseMatrix<double> matrix;
  std::vector<Eigen::Triplet<double>> triplets;
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
  bool analyzed = false;
};

LoopJacobian::LoopJacobian(int size, bool sparse, std::span<const int32_t> rows,
                           std::span<const int32_t> columns)
    : size_(size), sparse_(sparse), rows_(rows.begin(), rows.end()),
      columns_(columns.begin(), columns.end()) {
  if (sparse) {
    sparseMatrix_ = std::make_unique<Sparse>();
    sparseMatrix_->matrix.resize(size, size);
  } else {
    dense_ = std::make_unique<Dense>();
    dense_->matrix.resize(size, size);
  }
}

LoopJacobian::~LoopJacobian() = default;

void LoopJacobian::setNonzeros(std::span<const double> values) {
  if (dense_) {
    dense_->matrix.setZero();
    for (std::size_t k = 0; k < values.size(); ++k)
      dense_->matrix(rows_[k], columns_[k]) += values[k];
    return;
  }
  Sparse& s = *sparseMatrix_;
  s.triplets.clear();
  for (std::size_t k = 0; k < values.size(); ++k)
    s.triplets.emplace_back(rows_[k], columns_[k], values[k]);
  s.matrix.setFromTriplets(s.triplets.begin(), s.triplets.end());
}

void LoopJacobian::beginColumns() {
  if (dense_) return;
  sparseMatrix_->triplets.clear();
  sparseMatrix_->analyzed = false; // the nonzeros found may differ from the last time
}

void LoopJacobian::setColumn(int column, std::span<const double> values) {
  if (dense_) {
    for (int row = 0; row < size_; ++row)
      dense_->matrix(row, column) = values[static_cast<std::size_t>(row)];
    return;
  }
  for (int row = 0; row < size_; ++row)
    if (values[static_cast<std::size_t>(row)] != 0.0)
      sparseMatrix_->triplets.emplace_back(row, column, values[static_cast<std::size_t>(row)]);
}

void LoopJacobian::endColumns() {
  if (dense_) return;
  Sparse& s = *sparseMatrix_;
  s.matrix.setFromTriplets(s.triplets.begin(), s.triplets.end());
}

bool LoopJacobian::factorize() {
  if (dense_) {
    Dense& d = *dense_;
    d.rowScale.setOnes(size_);
    d.columnScale.setOnes(size_);
    d.lu.compute(d.matrix);
    if (conditionedToWorkingPrecision(d.lu)) return true;
    d.rowScale = inverseRowMaxima(d.matrix);
    Eigen::MatrixXd scaled = d.rowScale.asDiagonal() * d.matrix;
    d.columnScale = inverseRowMaxima(scaled.transpose());
    scaled = scaled * d.columnScale.asDiagonal();
    d.lu.compute(scaled);
    return conditionedToWorkingPrecision(d.lu);
  }
  Sparse& s = *sparseMatrix_;
  s.matrix.makeCompressed();
  if (!s.analyzed) {
    s.lu.analyzePattern(s.matrix);
    s.analyzed = true;
  }
  s.lu.factorize(s.matrix);
  return s.lu.info() == Eigen::Success;
}

void LoopJacobian::newtonStep(std::span<const double> residual, std::span<double> step) {
  Eigen::Map<const Eigen::VectorXd> r(residual.data(), size_);
  Eigen::Map<Eigen::VectorXd> d(step.data(), size_);
  if (dense_) {
    d = -(dense_->columnScale.asDiagonal() * dense_->lu.solve(dense_->rowScale.asDiagonal() * r));
  } else {
    d = -sparseMatrix_->lu.solve(r);
  }
}

bool LoopJacobian::minimumNormStep(std::span<const double> residual, std::span<double> step) {
  if (!dense_) return false;
  Eigen::Map<const Eigen::VectorXd> r(residual.data(), size_);
  Eigen::Map<Eigen::VectorXd> d(step.data(), size_);
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(dense_->matrix);
  d = -cod.solve(r);
  return d.allFinite();
}

void LoopJacobian::roundingScale(std::span<const double> x, std::span<const double> r,
                                 std::span<double> scale) const {
  Eigen::Map<const Eigen::VectorXd> xv(x.data(), size_), rv(r.data(), size_);
  Eigen::Map<Eigen::VectorXd> out(scale.data(), size_);
  if (dense_) {
    out = dense_->matrix.cwiseAbs() * xv.cwiseAbs() + (dense_->matrix * xv - rv).cwiseAbs();
  } else {
    const Eigen::SparseMatrix<double>& m = sparseMatrix_->matrix;
    out = m.cwiseAbs() * xv.cwiseAbs() + (m * xv - rv).cwiseAbs();
  }
}

} // namespace mocc::runtime
