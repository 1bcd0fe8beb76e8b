// What mocc_instance::runtime points at while generated code runs (model.h): the services that
// code calls back into, namely reports (failed asserts, terminate()) and mocc_solve_system for
// algebraic loops. The simulator attaches one to its instance; an embedder that drives the
// model functions itself attaches its own.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/algebraic_solver.h"

#include <functional>
#include <string>

namespace mocc::runtime {

/// The text of message `message` of `model` (model.h) with the values generated code passed
/// to mocc_instance::report (null when it has none), each written as String() writes it (MLS
/// 3.6 section 3.7.4.5): a Real with %.<significantDigits>g (or its format), an Integer in
/// decimal, a Boolean as true or false, an enumeration as its literal's name, padded with
/// blanks to the minimum length. "message #i" for an index outside the table.
std::string formatMessage(const mocc_model& model, int32_t message, const double* values);

class InstanceServices {
public:
  /// Receives what generated code passes to mocc_instance::report: `values` are those of the
  /// message's template (null when it has none), for formatMessage.
  using ReportFunction =
      std::function<void(int32_t kind, int32_t message, double time, const double* values)>;

  /// `model` must outlive this object.
  explicit InstanceServices(const mocc_model& model, AlgebraicSolverSettings settings = {});
  InstanceServices(const InstanceServices&) = delete;
  InstanceServices& operator=(const InstanceServices&) = delete;

  /// Points instance.runtime at this object and instance.report at a function forwarding to
  /// onReport(); the instance must not outlive this object.
  void attach(mocc_instance& instance);
  /// Where reports go; without one they are dropped.
  void onReport(ReportFunction function) { report_ = std::move(function); }

  AlgebraicSolver& solver() { return solver_; }
  const AlgebraicSolver& solver() const { return solver_; }

  /// The services attached to `instance`, or null when its runtime pointer is null.
  static InstanceServices* of(const mocc_instance* instance);

private:
  static void forwardReport(mocc_instance* instance, int32_t kind, int32_t message, double time,
                            const double* values);

  AlgebraicSolver solver_;
  ReportFunction report_;
};

} // namespace mocc::runtime
