// The model as an OdeSystem for the integrators: during a callback instance->x and dx point at
// the integrator's own vectors (no copies) and are restored afterwards; relations stay frozen
// (continuous mode). A model without states gets one dummy state with zero derivative. Also
// the model's analytic Jacobian, its index-1 residual form (dae_residuals) and, beside the
// crossing functions, one root function per state set (StateSelection::margin).
#pragma once

#include "filippov_sliding.h"
#include "mocc/runtime/algebraic_solver.h"
#include "mocc/runtime/integrator.h"
#include "mocc/runtime/model_instance.h"
#include "report_handler.h"
#include "state_selection.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::runtime {

class ModelOde final : public OdeSystem {
public:
  /// All arguments must outlive this object.
  ModelOde(ModelInstance& instance, ReportHandler& reports, AlgebraicSolver& solver,
           StateSelection& selection);

  int size() const override;
  /// The crossing functions, then one per state set.
  int rootCount() const override;
  /// Recoverable when the model reported an assert error, an algebraic loop failed or a
  /// derivative is not finite: the point may be a trial the integrator rejects (MLS asserts
  /// concern the solution).
  CallbackStatus derivatives(double t, std::span<const double> y, std::span<double> dy) override;
  /// Fatal on an assert error, a failed loop or a non-finite value: root functions are
  /// evaluated on the accepted solution only.
  CallbackStatus roots(double t, std::span<const double> y, std::span<double> g) override;
  /// The model's symbolic crossing rates (crossing_rates); NaN for those it lacks and for the
  /// state sets' root functions. Fatal like roots().
  CallbackStatus rootRates(double t, std::span<const double> y, std::span<double> rates) override;

  /// The model's symbolic ODE Jacobian, or else, for a model whose derivatives solve loops the
  /// compiler could not differentiate implicitly (more than four iteration variables), the
  /// Schur complement of the residual form's Jacobian (schurJacobian()).
  bool hasJacobian() const override;
  const SparsityPattern* jacobianPattern() const override {
    return schurJacobian_ ? nullptr : &pattern_;
  }
  /// Only for the Schur complement: dense.
  CallbackStatus jacobian(double t, std::span<const double> y, std::span<const double> dy,
                          DenseMatrixView jacobian) override;
  CallbackStatus jacobianNonzeros(double t, std::span<const double> y, std::span<const double> dy,
                                  std::span<double> values) override;

  int algebraicSize() const override;
  void algebraicValues(std::span<double> z) override;
  CallbackStatus residualForm(double t, std::span<const double> y, std::span<const double> z,
                              std::span<double> dy, std::span<double> h) override;
  const SparsityPattern* residualJacobianPattern() const override;
  CallbackStatus residualJacobianNonzeros(double t, std::span<const double> y,
                                          std::span<const double> z,
                                          std::span<double> values) override;

  /// Filippov sliding along crossing function `crossing`'s surface from now on (FilippovSliding):
  /// derivatives, the Jacobian and evaluateContinuous() use the sliding combination, and the
  /// crossing's root function becomes the sliding's exit function. nullopt ends it.
  void slide(std::optional<int> crossing);
  /// The crossing being slid along, if any.
  std::optional<int> slidingCrossing() const;
  /// derivatives() and outputs() at the instance's own time and arrays, with the sliding
  /// combination while sliding. The caller checks the reports.
  void evaluateContinuous();
  /// Whether the vector fields on both sides of `crossing` point toward its surface at the
  /// instance's own time and arrays (a sliding mode can start there).
  bool attractsSliding(int crossing);
  /// Whether `crossing`'s relation switches the model continuously at the instance's own time
  /// and arrays: integrated for `horizon` from here, its two sides' derivatives part no state by
  /// more than `tolerance` (per state), so the side the solution takes does not matter to it;
  /// and each value of `followers` (value indices: the Booleans its events change) follows
  /// the side, so the relation reaches the derivatives only through what was forced (a Boolean
  /// that a when-clause assigns does not, and its two sides would look alike).
  bool switchesContinuously(int crossing, std::span<const double> tolerance, double horizon,
                            std::span<const int> followers);

  /// Why the latest callback was not Ok ("der(x) is nan at time 1"), or empty.
  const std::string& problem() const { return problem_; }
  void clearProblem() { problem_.clear(); }

  /// The integrator's vector for the instance's current states (the dummy when there are none).
  std::vector<double> integratorState() const;
  /// Copies the integrator's vector into the instance's states.
  void loadState(std::span<const double> y);
  /// Description of root function i for messages: a crossing or a state set.
  std::string crossingDescription(int crossing) const;
  /// The name of component i of the integrator's vector: a state, then (IDA) an algebraic
  /// unknown of the opened loops.
  std::string componentName(std::size_t i) const;

private:
  /// Counters before a model call, to tell afterwards whether it reported a problem.
  struct Marks {
    long assertErrors, loopFailures;
  };
  Marks marks() const;
  /// Ok, or `failure` when the call since `before` reported an assert error or a failed loop
  /// (whose message becomes the problem).
  CallbackStatus checkReports(Marks before, CallbackStatus failure);
  /// Ok, or Recoverable naming the first value that is not finite.
  CallbackStatus checkFinite(std::span<const double> values, const char* what, double t);

  ModelInstance& instance_;
  std::unique_ptr<FilippovSliding> sliding_;
  ReportHandler& reports_;
  AlgebraicSolver& solver_;
  StateSelection& selection_;
  std::vector<std::string> stateNames_;
  std::vector<std::string> derivativeNames_;
  std::vector<double> rateScratch_; // dx while crossing_rates runs
  SparsityPattern pattern_, residualPattern_;
  bool schurJacobian_ = false;
  std::vector<double> residualScratch_; // dx and r while dae_jacobian runs
  std::string problem_;
};

} // namespace mocc::runtime
