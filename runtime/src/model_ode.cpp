// ModelOde: borrowing the integrator's vectors as instance->x/dx for derivatives(), crossings(),
// jacobian() and dae_residuals(), and turning reports, failed algebraic loops and non-finite
// values into callback statuses.
#include "model_ode.h"

#include <Eigen/Dense>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mocc::runtime {

namespace {

/// Points the instance at an integrator's vectors and time for one callback, then restores.
class BorrowedArrays {
public:
  BorrowedArrays(ModelInstance& instance, double t, const double* x, double* dx)
      : instance_(instance), savedTime_(instance.time()) {
    instance.setTime(t);
    // x is const for the integrator; generated code only reads it in continuous mode.
    instance.abi().x = const_cast<double*>(x);
    if (dx) instance.abi().dx = dx;
  }
  ~BorrowedArrays() {
    instance_.useOwnStateArrays();
    instance_.setTime(savedTime_);
  }
  BorrowedArrays(const BorrowedArrays&) = delete;
  BorrowedArrays& operator=(const BorrowedArrays&) = delete;

private:
  ModelInstance& instance_;
  double savedTime_;
};

/// Per state index, the state's name ("" where the table names none).
std::vector<std::string> nameStates(const mocc_model& model) {
  std::vector<std::string> names(static_cast<std::size_t>(std::max(model.n_states, 0)));
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region == MOCC_REGION_STATE) names[variable.index] = variable.name;
  }
  return names;
}

std::vector<std::string> nameDerivatives(const mocc_model& model,
                                         const std::vector<std::string>& states) {
  std::vector<std::string> names(states.size());
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region != MOCC_REGION_DERIVATIVE) continue;
    // A derivative that is no number names the equation it comes from (the domain error's).
    names[variable.index] = variable.name;
    if (variable.origin && *variable.origin)
      names[variable.index] += fmt::format(" (its equation at {})", variable.origin);
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].empty())
      names[i] = states[i].empty() ? fmt::format("the derivative of state #{}", i)
                                   : fmt::format("der({})", states[i]);
  return names;
}

} // namespace

std::string ModelOde::componentName(std::size_t i) const {
  const mocc_model& model = instance_.model();
  if (i < stateNames_.size() && !stateNames_[i].empty()) return stateNames_[i];
  std::size_t unknown = i - stateNames_.size();
  if (i >= stateNames_.size() && unknown < static_cast<std::size_t>(model.n_dae_unknowns))
    return model.variables[model.dae_unknowns[unknown]].name;
  return fmt::format("component #{} of the integrator", i);
}

ModelOde::ModelOde(ModelInstance& instance, ReportHandler& reports, AlgebraicSolver& solver,
                   StateSelection& selection)
    : instance_(instance), reports_(reports), solver_(solver), selection_(selection),
      stateNames_(nameStates(instance.model())),
      derivativeNames_(nameDerivatives(instance.model(), stateNames_)) {
  const mocc_model& model = instance.model();
  if (model.dae_jacobian) {
    residualPattern_.rows.assign(model.dae_jacobian_rows,
                                 model.dae_jacobian_rows + model.n_dae_jacobian);
    residualPattern_.columns.assign(model.dae_jacobian_columns,
                                    model.dae_jacobian_columns + model.n_dae_jacobian);
  }
  // Dense linear algebra on the states and the loops' unknowns: for moderate sizes only (the
  // compiler's `mocc dae` quotes the limit).
  constexpr int kLargestSchurSystem = 400;
  schurJacobian_ = !model.jacobian && model.dae_jacobian && model.n_states > 0 &&
                   model.n_states + model.n_dae_unknowns <= kLargestSchurSystem;
  if (!model.jacobian) return;
  pattern_.rows.assign(model.jacobian_rows, model.jacobian_rows + model.n_jacobian);
  pattern_.columns.assign(model.jacobian_columns, model.jacobian_columns + model.n_jacobian);
}

int ModelOde::size() const { return std::max(1, instance_.model().n_states); }

int ModelOde::rootCount() const { return instance_.model().n_crossings + selection_.setCount(); }

ModelOde::Marks ModelOde::marks() const {
  return Marks{reports_.assertErrorCount(), solver_.failureCount()};
}

CallbackStatus ModelOde::checkReports(Marks before, CallbackStatus failure) {
  // A failure that LoopRelations discarded (a rejected choice of relations) is none.
  if (solver_.failureCount() != before.loopFailures)
    if (auto latest = solver_.takeLatestFailure()) {
      problem_ = latest->message;
      return failure;
    }
  if (reports_.assertErrorCount() != before.assertErrors) {
    problem_.clear(); // the report itself is the cause; ReportHandler keeps it
    return failure;
  }
  return CallbackStatus::Ok;
}

CallbackStatus ModelOde::checkFinite(std::span<const double> values, const char* what, double t) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i])) {
      std::string name = what ? fmt::format("{} #{}", what, i) : derivativeNames_[i];
      problem_ = fmt::format("{} is {} at time {}", name,
                             std::isnan(values[i]) ? "nan"
                             : values[i] > 0       ? "inf"
                                                   : "-inf",
                             t);
      return CallbackStatus::Recoverable;
    }
  return CallbackStatus::Ok;
}

CallbackStatus ModelOde::derivatives(double t, std::span<const double> y, std::span<double> dy) {
  Marks before = marks();
  // An algebraic loop may iterate on a derivative (`exp(der(x)) + ... = u`): its warm start is
  // what dx holds, and the integrator's vector holds anything (CVODE lends scratch space).
  // Start from the latest evaluation instead, kept in the instance's own dx.
  std::span<double> latest = instance_.derivatives();
  std::copy(latest.begin(), latest.end(), dy.begin());
  {
    BorrowedArrays borrowed(instance_, t, y.data(), dy.data());
    reports_.setTrialEvaluation(true);
    if (sliding_) {
      sliding_->evaluate(false);
    } else {
      instance_.model().derivatives(&instance_.abi());
    }
    reports_.setTrialEvaluation(false);
  }
  if (instance_.model().n_states == 0) dy[0] = 0.0; // the dummy state never moves
  CallbackStatus status = checkReports(before, CallbackStatus::Recoverable);
  if (status == CallbackStatus::Ok)
    status = checkFinite(dy.first(derivativeNames_.size()), nullptr, t);
  if (status == CallbackStatus::Ok) std::copy_n(dy.begin(), latest.size(), latest.begin());
  return status;
}

CallbackStatus ModelOde::roots(double t, std::span<const double> y, std::span<double> g) {
  Marks before = marks();
  int crossings = instance_.model().n_crossings;
  {
    BorrowedArrays borrowed(instance_, t, y.data(), nullptr);
    instance_.model().crossings(&instance_.abi(), g.data());
    if (sliding_) g[static_cast<std::size_t>(sliding_->crossing())] = sliding_->exitFunction();
    for (int set = 0; set < selection_.setCount(); ++set)
      g[static_cast<std::size_t>(crossings + set)] = selection_.margin(set);
  }
  if (checkReports(before, CallbackStatus::Fatal) != CallbackStatus::Ok)
    return CallbackStatus::Fatal;
  for (std::size_t i = 0; i < g.size(); ++i)
    if (std::isnan(g[i])) {
      problem_ = fmt::format("{} is nan at time {}",
                             i < static_cast<std::size_t>(crossings)
                                 ? "crossing function " + crossingDescription(static_cast<int>(i))
                                 : crossingDescription(static_cast<int>(i)),
                             t);
      return CallbackStatus::Fatal;
    }
  return CallbackStatus::Ok;
}

CallbackStatus ModelOde::rootRates(double t, std::span<const double> y, std::span<double> rates) {
  std::fill(rates.begin(), rates.end(), std::numeric_limits<double>::quiet_NaN());
  const mocc_model& model = instance_.model();
  if (model.crossing_rates == nullptr) return CallbackStatus::Ok;
  Marks before = marks();
  // crossing_rates evaluates the derivatives it needs: give it dx warm-started like derivatives().
  std::span<double> latest = instance_.derivatives();
  rateScratch_.assign(latest.begin(), latest.end());
  rateScratch_.resize(y.size());
  {
    BorrowedArrays borrowed(instance_, t, y.data(), rateScratch_.data());
    model.crossing_rates(&instance_.abi(), rates.data());
  }
  // The exit function of a sliding mode has no symbolic rate: the locator differences it.
  if (sliding_)
    rates[static_cast<std::size_t>(sliding_->crossing())] =
        std::numeric_limits<double>::quiet_NaN();
  return checkReports(before, CallbackStatus::Fatal);
}

bool ModelOde::hasJacobian() const {
  const mocc_model& model = instance_.model();
  return (model.jacobian != nullptr && model.n_states > 0) || schurJacobian_;
}

// With the loops solved at y (derivatives()), z holds their iteration variables and h = 0, so
// dz/dy = -h_z^-1 h_y by the implicit function theorem and df/dy = f_y - f_z h_z^-1 h_y: the
// Schur complement of h_z in the residual form's Jacobian [f_y f_z; h_y h_z].
CallbackStatus ModelOde::jacobian(double t, std::span<const double> y, std::span<const double>,
                                  DenseMatrixView jacobian) {
  const mocc_model& model = instance_.model();
  auto n = static_cast<Eigen::Index>(model.n_states),
       m = static_cast<Eigen::Index>(model.n_dae_unknowns);
  // derivatives() solves the loops at y and leaves their iteration variables in the instance.
  std::vector<double> dx(static_cast<std::size_t>(n)), z(static_cast<std::size_t>(m));
  std::vector<double> values(residualPattern_.rows.size());
  CallbackStatus status = derivatives(t, y, dx);
  if (status != CallbackStatus::Ok) return status;
  algebraicValues(z);
  status = residualJacobianNonzeros(t, y, z, values);
  if (status != CallbackStatus::Ok) return status;
  Eigen::MatrixXd full = Eigen::MatrixXd::Zero(n + m, n + m);
  for (std::size_t k = 0; k < values.size(); ++k)
    full(residualPattern_.rows[k], residualPattern_.columns[k]) += values[k];
  Eigen::PartialPivLU<Eigen::MatrixXd> hz(full.bottomRightCorner(m, m));
  Eigen::MatrixXd schur =
      full.topLeftCorner(n, n) - full.topRightCorner(n, m) * hz.solve(full.bottomLeftCorner(m, n));
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      jacobian(static_cast<int>(i), static_cast<int>(j)) = schur(i, j);
  return checkFinite({schur.data(), static_cast<std::size_t>(schur.size())}, "Jacobian entry", t);
}

CallbackStatus ModelOde::jacobianNonzeros(double t, std::span<const double> y,
                                          std::span<const double> dy, std::span<double> values) {
  Marks before = marks();
  {
    // dx is not written by jacobian(); the integrator's dy is const, so it is not lent.
    BorrowedArrays borrowed(instance_, t, y.data(), nullptr);
    reports_.setTrialEvaluation(true);
    if (sliding_) {
      sliding_->jacobian(values);
    } else {
      instance_.model().jacobian(&instance_.abi(), values.data());
    }
    reports_.setTrialEvaluation(false);
  }
  CallbackStatus status = checkReports(before, CallbackStatus::Recoverable);
  if (status != CallbackStatus::Ok) return status;
  return checkFinite(values, "Jacobian entry", t);
}

int ModelOde::algebraicSize() const {
  const mocc_model& model = instance_.model();
  return model.dae_residuals ? model.n_dae_unknowns : 0;
}

void ModelOde::algebraicValues(std::span<double> z) {
  const mocc_model& model = instance_.model();
  for (std::size_t i = 0; i < z.size(); ++i)
    z[i] = instance_.read(model.variables[model.dae_unknowns[i]]);
}

CallbackStatus ModelOde::residualForm(double t, std::span<const double> y,
                                      std::span<const double> z, std::span<double> dy,
                                      std::span<double> h) {
  Marks before = marks();
  // As in derivatives(): loops that stay closed start from the latest dx, not scratch space.
  std::span<double> latest = instance_.derivatives();
  std::copy(latest.begin(), latest.end(), dy.begin());
  {
    BorrowedArrays borrowed(instance_, t, y.data(), dy.data());
    reports_.setTrialEvaluation(true);
    instance_.model().dae_residuals(&instance_.abi(), z.data(), h.data());
    reports_.setTrialEvaluation(false);
  }
  CallbackStatus status = checkReports(before, CallbackStatus::Recoverable);
  if (status == CallbackStatus::Ok)
    status = checkFinite(dy.first(derivativeNames_.size()), nullptr, t);
  if (status == CallbackStatus::Ok) status = checkFinite(h, "algebraic residual", t);
  if (status == CallbackStatus::Ok) std::copy_n(dy.begin(), latest.size(), latest.begin());
  return status;
}

void ModelOde::slide(std::optional<int> crossing) {
  sliding_ = crossing ? std::make_unique<FilippovSliding>(instance_, *crossing) : nullptr;
}

std::optional<int> ModelOde::slidingCrossing() const {
  if (!sliding_) return std::nullopt;
  return sliding_->crossing();
}

void ModelOde::evaluateContinuous() {
  const mocc_model& model = instance_.model();
  if (sliding_) {
    sliding_->evaluate(true);
    return;
  }
  model.derivatives(&instance_.abi());
  model.outputs(&instance_.abi());
}

bool ModelOde::attractsSliding(int crossing) {
  FilippovSliding probe(instance_, crossing);
  std::vector<double> dx(instance_.derivatives().begin(), instance_.derivatives().end());
  std::vector<double> values(instance_.values().begin(), instance_.values().end());
  bool attractive = probe.evaluate(false).attractive();
  std::copy(dx.begin(), dx.end(), instance_.derivatives().begin());
  std::copy(values.begin(), values.end(), instance_.values().begin());
  return attractive;
}

bool ModelOde::switchesContinuously(int crossing, std::span<const double> tolerance, double horizon,
                                    std::span<const int> followers) {
  std::vector<double> dx(instance_.derivatives().begin(), instance_.derivatives().end());
  std::vector<double> values(instance_.values().begin(), instance_.values().end());
  auto [plus, minus] = FilippovSliding(instance_, crossing).fields();
  std::copy(dx.begin(), dx.end(), instance_.derivatives().begin());
  std::copy(values.begin(), values.end(), instance_.values().begin());
  for (int index : followers) {
    auto i = static_cast<std::size_t>(index);
    if (plus.v[i] == minus.v[i]) return false;
  }
  for (std::size_t i = 0; i < plus.dx.size() && i < tolerance.size(); ++i)
    if (!(std::abs(plus.dx[i] - minus.dx[i]) * horizon <= tolerance[i])) return false;
  return true;
}

const SparsityPattern* ModelOde::residualJacobianPattern() const {
  const mocc_model& model = instance_.model();
  return model.dae_jacobian && model.n_dae_unknowns > 0 && model.n_states > 0 ? &residualPattern_
                                                                              : nullptr;
}

CallbackStatus ModelOde::residualJacobianNonzeros(double t, std::span<const double> y,
                                                  std::span<const double> z,
                                                  std::span<double> values) {
  Marks before = marks();
  const mocc_model& model = instance_.model();
  // dae_jacobian writes dx and the residuals as dae_residuals does: scratch for both.
  std::span<double> latest = instance_.derivatives();
  residualScratch_.assign(latest.begin(), latest.end());
  residualScratch_.resize(latest.size() + z.size());
  {
    BorrowedArrays borrowed(instance_, t, y.data(), residualScratch_.data());
    reports_.setTrialEvaluation(true);
    model.dae_jacobian(&instance_.abi(), z.data(), residualScratch_.data() + latest.size(),
                       values.data());
    reports_.setTrialEvaluation(false);
  }
  CallbackStatus status = checkReports(before, CallbackStatus::Recoverable);
  if (status != CallbackStatus::Ok) return status;
  return checkFinite(values, "residual-form Jacobian entry", t);
}

std::vector<double> ModelOde::integratorState() const {
  std::span<const double> states = std::as_const(instance_).states();
  if (states.empty()) return {0.0};
  return {states.begin(), states.end()};
}

void ModelOde::loadState(std::span<const double> y) {
  std::span<double> states = instance_.states();
  std::copy_n(y.begin(), states.size(), states.begin());
}

std::string ModelOde::crossingDescription(int crossing) const {
  const mocc_model& model = instance_.model();
  if (crossing >= model.n_crossings)
    return fmt::format("the state selection margin of state set #{}", crossing - model.n_crossings);
  if (model.crossing_descriptions && model.crossing_descriptions[crossing])
    return fmt::format("'{}'", model.crossing_descriptions[crossing]);
  return fmt::format("#{}", crossing);
}

} // namespace mocc::runtime
