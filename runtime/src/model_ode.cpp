// ModelOde: borrowing the integrator's vectors as instance->x/dx for derivatives() and
// crossings(), and turning reports and non-finite values into callback statuses.
#include "model_ode.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
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

std::vector<std::string> nameDerivatives(const mocc_model& model) {
  std::vector<std::string> names(static_cast<std::size_t>(model.n_states));
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region == MOCC_REGION_DERIVATIVE) names[variable.index] = variable.name;
  }
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region == MOCC_REGION_STATE && names[variable.index].empty())
      names[variable.index] = fmt::format("der({})", variable.name);
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].empty()) names[i] = fmt::format("the derivative of state #{}", i);
  return names;
}

} // namespace

ModelOde::ModelOde(ModelInstance& instance, ReportHandler& reports)
    : instance_(instance), reports_(reports), derivativeNames_(nameDerivatives(instance.model())) {}

int ModelOde::size() const { return std::max(1, instance_.model().n_states); }

CallbackStatus ModelOde::derivatives(double t, std::span<const double> y, std::span<double> dy) {
  long assertErrors = reports_.assertErrorCount();
  {
    BorrowedArrays borrowed(instance_, t, y.data(), dy.data());
    reports_.setTrialEvaluation(true);
    instance_.model().derivatives(&instance_.abi());
    reports_.setTrialEvaluation(false);
  }
  if (instance_.model().n_states == 0) dy[0] = 0.0; // the dummy state never moves
  if (reports_.assertErrorCount() != assertErrors) {
    problem_.clear(); // the report itself is the cause; ReportHandler keeps it
    return CallbackStatus::Recoverable;
  }
  for (std::size_t i = 0; i < derivativeNames_.size(); ++i)
    if (!std::isfinite(dy[i])) {
      problem_ = fmt::format("{} is {} at time {}", derivativeNames_[i],
                             std::isnan(dy[i]) ? "nan"
                             : dy[i] > 0       ? "inf"
                                               : "-inf",
                             t);
      return CallbackStatus::Recoverable;
    }
  return CallbackStatus::Ok;
}

CallbackStatus ModelOde::roots(double t, std::span<const double> y, std::span<double> g) {
  long assertErrors = reports_.assertErrorCount();
  {
    BorrowedArrays borrowed(instance_, t, y.data(), nullptr);
    instance_.model().crossings(&instance_.abi(), g.data());
  }
  if (reports_.assertErrorCount() != assertErrors) {
    problem_.clear();
    return CallbackStatus::Fatal;
  }
  for (std::size_t i = 0; i < g.size(); ++i)
    if (std::isnan(g[i])) {
      problem_ = fmt::format("crossing function {} is nan at time {}",
                             crossingDescription(static_cast<int>(i)), t);
      return CallbackStatus::Fatal;
    }
  return CallbackStatus::Ok;
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
  if (model.crossing_descriptions && model.crossing_descriptions[crossing])
    return fmt::format("'{}'", model.crossing_descriptions[crossing]);
  return fmt::format("#{}", crossing);
}

} // namespace mocc::runtime
