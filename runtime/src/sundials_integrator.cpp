// The integrator core of the SUNDIALS integrators (mocc/runtime/sundials_integrator.h): the
// Integrator interface written once over a Solver, which does the SUNDIALS calls.
#include "mocc/runtime/sundials_integrator.h"

#include "sundials_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace mocc::runtime {

SundialsIntegrator::Solver::Solver(OdeSystem& system, const IntegratorSettings& settings)
    : size(system.size()), rootCount(system.rootCount()), settings(settings), system(system) {
  if (size < 1) throw std::invalid_argument("an OdeSystem needs at least one unknown");
}

int SundialsIntegrator::Solver::evaluateRoots(double t, std::span<const double> y, sunrealtype* g) {
  ++rootCalls;
  std::span<double> values{g, static_cast<std::size_t>(rootCount)};
  return guarded([&] { return system.roots(t, y, values); }) == 0 ? 0 : -1;
}

void SundialsIntegrator::Solver::createContext(SundialsCheck& check) {
  check(SUNContext_Create(nullptr, &context), "SUNContext_Create", 0.0);
}

N_Vector SundialsIntegrator::Solver::newVector(sunindextype length, SundialsCheck& check) {
  N_Vector vector = check.created(N_VNew_Serial(length, context), "N_VNew_Serial", 0.0);
  vectors_.push_back(vector);
  N_VConst(0.0, vector);
  return vector;
}

void SundialsIntegrator::Solver::releaseVectors() {
  // SUNDIALS' free functions only fail on null input.
  for (N_Vector vector : vectors_)
    N_VDestroy(vector);
  vectors_.clear();
  if (context) SUNContext_Free(&context);
  context = nullptr;
}

double minimumStep(double t, double target) {
  return 4.0 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t), std::abs(target));
}

SundialsIntegrator::SundialsIntegrator(std::unique_ptr<Solver> solver)
    : solver_(std::move(solver)), rootDirections_(static_cast<std::size_t>(solver_->rootCount)) {}

SundialsIntegrator::~SundialsIntegrator() = default;

std::string_view SundialsIntegrator::name() const { return solver_->name(); }

bool SundialsIntegrator::findsRoots() const { return solver_->settings.solverRootFinding; }

void SundialsIntegrator::reinitialize(double t, std::span<const double> y) {
  if (y.size() != static_cast<std::size_t>(solver_->size))
    throw std::invalid_argument("reinitialize: state size differs from the system's");
  // SUNDIALS restarts its counters at every reinitialisation.
  if (solver_->steppedSinceRestart) finishedSegments_.addSegmentCounters(solver_->stepCounters());
  solver_->restart(t, y);
  solver_->steppedSinceRestart = false;
  time_ = stepStart_ = t;
  initialized_ = true;
  std::fill(rootDirections_.begin(), rootDirections_.end(), 0);
}

bool SundialsIntegrator::solve(double tOut, double tStop, bool oneStep) {
  std::fill(rootDirections_.begin(), rootDirections_.end(), 0);
  Solver::Request request{tOut, tStop, minimumStep(time_, std::min(tOut, tStop)), oneStep};
  double reachedTime = time_;
  bool root = solver_->solve(request, reachedTime);
  if (root) solver_->rootDirections(rootDirections_, reachedTime);
  time_ = reachedTime;
  return root;
}

double SundialsIntegrator::step(double tStop) {
  if (!initialized_) throw std::logic_error("step before reinitialize");
  if (!(tStop > time_)) throw std::invalid_argument("step: tStop is not after the current time");
  stepStart_ = time_;
  std::fill(rootDirections_.begin(), rootDirections_.end(), 0);
  if (tStop - time_ <= tooCloseDistance(time_, tStop)) return time_ = tStop;
  solve(tStop, tStop, true);
  return time_;
}

std::span<const int> SundialsIntegrator::lastStepRoots() const { return rootDirections_; }

double SundialsIntegrator::stepStart() const { return stepStart_; }
double SundialsIntegrator::stepEnd() const { return time_; }

AdvanceResult SundialsIntegrator::advance(double tOut, double tStop) {
  if (!initialized_) throw std::logic_error("advance before reinitialize");
  double target = std::min(tOut, tStop);
  if (!(target >= time_))
    throw std::invalid_argument("advance: target lies before the current time");
  std::fill(rootDirections_.begin(), rootDirections_.end(), 0);
  AdvanceReason reason = AdvanceReason::Root;
  if (target - time_ <= tooCloseDistance(time_, target)) {
    time_ = target;
    reason = target == tStop ? AdvanceReason::ReachedStopTime : AdvanceReason::ReachedOutput;
  } else if (!solve(tOut, tStop, false)) {
    reason = time_ == tStop ? AdvanceReason::ReachedStopTime : AdvanceReason::ReachedOutput;
  }
  return AdvanceResult{reason, time_, solver_->state(), rootDirections_};
}

void SundialsIntegrator::denseOutput(double t, std::span<double> y) const {
  if (y.size() != static_cast<std::size_t>(solver_->size))
    throw std::invalid_argument("denseOutput: state size differs from the system's");
  if (solver_->steppedSinceRestart && t != time_) return solver_->interpolate(t, y);
  if (std::abs(t - time_) > tooCloseDistance(time_, t))
    throw IntegratorError("denseOutput: no step taken since restart", t);
  std::span<const double> state = solver_->state();
  std::copy(state.begin(), state.end(), y.begin());
}

IntegratorStatistics SundialsIntegrator::statistics() const {
  IntegratorStatistics total =
      solver_->steppedSinceRestart ? solver_->stepCounters() : IntegratorStatistics{};
  total.addSegmentCounters(finishedSegments_);
  total.rhsEvaluations = solver_->rhsCalls;
  total.rootEvaluations = solver_->rootCalls;
  total.jacobian = solver_->jacobianDescription();
  return total;
}

} // namespace mocc::runtime
