// The runtime's own explicit Runge-Kutta integrators: rk45 (Dormand-Prince 5(4) with step-size
// control and dense output), rk4 and euler (fixed step). A step is computed into separate
// buffers and committed only when it has succeeded, so a failure leaves the last step (and its
// dense output) intact.
#include "mocc/runtime/runge_kutta_integrators.h"

#include "integrator_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace mocc::runtime {

namespace {

constexpr double epsilon = std::numeric_limits<double>::epsilon();

std::string failureMessage(std::string_view solver, double t, CallbackStatus status) {
  return status == CallbackStatus::Recoverable
             ? fmt::format("{}: the derivatives failed (recoverable) at time {}, and a fixed-step "
                           "method cannot retry with a smaller step",
                           solver, t)
             : fmt::format("{}: the derivatives failed (fatal) at time {}", solver, t);
}

} // namespace

// ------------------------------------------------------------------ ExplicitOneStepIntegrator

ExplicitOneStepIntegrator::ExplicitOneStepIntegrator(OdeSystem& system,
                                                     const IntegratorSettings& settings)
    : system_(system), settings_(settings), size_(static_cast<std::size_t>(system.size())) {
  if (system.size() < 1) throw std::invalid_argument("an OdeSystem needs at least one unknown");
  for (auto* vector :
       {&startState_, &endState_, &nextState_, &startSlope_, &endSlope_, &nextSlope_, &output_})
    vector->assign(size_, 0.0);
  statistics_.jacobian = "none (explicit)";
}

void ExplicitOneStepIntegrator::reinitialize(double t, std::span<const double> y) {
  if (y.size() != size_)
    throw std::invalid_argument("reinitialize: state size differs from the system's");
  std::copy(y.begin(), y.end(), endState_.begin());
  std::copy(y.begin(), y.end(), startState_.begin());
  startTime_ = endTime_ = t;
  endSlopeKnown_ = false; // the state may have jumped: the old slope is stale
  initialized_ = true;
}

CallbackStatus ExplicitOneStepIntegrator::evaluate(double t, std::span<const double> y,
                                                   std::span<double> dy) {
  ++statistics_.rhsEvaluations;
  CallbackStatus status = system_.derivatives(t, y, dy);
  if (status == CallbackStatus::Fatal) throw IntegratorError(failureMessage(name(), t, status), t);
  return status;
}

void ExplicitOneStepIntegrator::evaluateOrThrow(double t, std::span<const double> y,
                                                std::span<double> dy) {
  CallbackStatus status = evaluate(t, y, dy);
  if (status != CallbackStatus::Ok) throw IntegratorError(failureMessage(name(), t, status), t);
}

void ExplicitOneStepIntegrator::ensureEndSlope() {
  if (endSlopeKnown_) return;
  evaluateOrThrow(endTime_, endState_, endSlope_);
  endSlopeKnown_ = true;
}

double ExplicitOneStepIntegrator::step(double tStop) {
  if (!initialized_) throw std::logic_error("step before reinitialize");
  if (!(tStop > endTime_)) throw std::invalid_argument("step: tStop is not after the current time");
  if (stepsInAdvance_ >= 0 && ++stepsInAdvance_ > settings_.maxSteps)
    throw IntegratorError(fmt::format("{}: too much work ({} steps) before time {}", name(),
                                      settings_.maxSteps, tStop),
                          endTime_);
  if (tStop - endTime_ <= tooCloseDistance(endTime_, tStop)) {
    // Nothing can change over a few ulps: an empty step that just moves the time.
    startState_ = endState_;
    startSlope_ = endSlope_;
    startTime_ = endTime_;
    return endTime_ = tStop;
  }
  ensureEndSlope();
  double reached = attemptStep(tStop);
  std::swap(startState_, endState_);
  std::swap(endState_, nextState_);
  std::swap(startSlope_, endSlope_);
  std::swap(endSlope_, nextSlope_);
  startTime_ = endTime_;
  endTime_ = reached;
  ++statistics_.steps;
  stepCommitted();
  return endTime_;
}

AdvanceResult ExplicitOneStepIntegrator::advance(double tOut, double tStop) {
  if (!initialized_) throw std::logic_error("advance before reinitialize");
  stepsInAdvance_ = 0;
  try {
    AdvanceResult result = advanceBySteps(tOut, tStop, output_);
    stepsInAdvance_ = -1;
    return result;
  } catch (...) {
    stepsInAdvance_ = -1;
    throw;
  }
}

void ExplicitOneStepIntegrator::denseOutput(double t, std::span<double> y) const {
  if (y.size() != size_)
    throw std::invalid_argument("denseOutput: state size differs from the system's");
  double slack = tooCloseDistance(startTime_, endTime_);
  if (t < startTime_ - slack || t > endTime_ + slack)
    throw IntegratorError(fmt::format("{}: denseOutput at time {} outside the last step [{}, {}]",
                                      name(), t, startTime_, endTime_),
                          t);
  double length = endTime_ - startTime_;
  if (t == endTime_ || length <= slack) {
    std::copy(endState_.begin(), endState_.end(), y.begin());
    return;
  }
  interpolate(std::clamp((t - startTime_) / length, 0.0, 1.0), y);
}

// ------------------------------------------------------------------ DormandPrinceIntegrator

namespace {

// The Butcher tableau of DOPRI5 (Hairer, Norsett, Wanner, table II.5.2).
constexpr std::array<double, 7> c = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
constexpr double a[7][6] = {
    {},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    // The 5th-order weights b: the last stage is evaluated at the new point (FSAL).
    {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
// b - b_hat: the difference of the 5th- and 4th-order solutions, per stage.
constexpr std::array<double, 7> errorWeights = {
    71.0 / 57600, 0.0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
// The coefficients d of the continuous extension (DOPRI5's CONTD5).
constexpr std::array<double, 7> denseWeights = {
    -12715105075.0 / 11282082432.0,  0.0,
    87487479700.0 / 32700410799.0,   -10690763975.0 / 1880347072.0,
    701980252875.0 / 199316789632.0, -1453857185.0 / 822651844.0,
    69997945.0 / 29380423.0};

// Step-size control (Hairer's defaults): the new step is h * safety * err^(-1/5), changed by
// at most these factors per step so one odd error estimate cannot derail the step size.
constexpr double safety = 0.9;
constexpr double maxGrowth = 10.0;
constexpr double maxShrink = 0.2;
// After a Recoverable failure there is no error estimate: quarter the step, as SUNDIALS does.
constexpr double recoverableShrink = 0.25;

} // namespace

DormandPrinceIntegrator::DormandPrinceIntegrator(OdeSystem& system,
                                                 const IntegratorSettings& settings)
    : ExplicitOneStepIntegrator(system, settings), stages_(7, std::vector<double>(size_)),
      stageState_(size_), errorEstimate_(size_), denseTerm_(size_), nextDenseTerm_(size_) {}

void DormandPrinceIntegrator::reinitialize(double t, std::span<const double> y) {
  ExplicitOneStepIntegrator::reinitialize(t, y);
  proposedStep_ = 0.0; // after an event the old step size says nothing
}

double DormandPrinceIntegrator::weightedNorm(std::span<const double> values,
                                             std::span<const double> a,
                                             std::span<const double> b) const {
  double sum = 0.0;
  for (std::size_t i = 0; i < size_; ++i) {
    double weight = settings_.absoluteToleranceOf(i) +
                    settings_.relativeTolerance * std::max(std::abs(a[i]), std::abs(b[i]));
    sum += (values[i] / weight) * (values[i] / weight);
  }
  return std::sqrt(sum / static_cast<double>(size_));
}

double DormandPrinceIntegrator::initialStep(double tStop) {
  double interval = tStop - endTime_;
  double stateNorm = weightedNorm(endState_, endState_, endState_);
  double slopeNorm = weightedNorm(endSlope_, endState_, endState_);
  double h = (stateNorm < 1e-5 || slopeNorm < 1e-5) ? 1e-6 : 0.01 * stateNorm / slopeNorm;
  h = std::min(h, interval);
  // An Euler step of h estimates the second derivative; the step makes its term ~ tolerance.
  for (std::size_t i = 0; i < size_; ++i)
    stageState_[i] = endState_[i] + h * endSlope_[i];
  if (evaluate(endTime_ + h, stageState_, stages_[1]) != CallbackStatus::Ok) return h;
  for (std::size_t i = 0; i < size_; ++i)
    errorEstimate_[i] = stages_[1][i] - endSlope_[i];
  double curvature = weightedNorm(errorEstimate_, endState_, endState_) / h;
  double larger = std::max(slopeNorm, curvature);
  double estimate = larger <= 1e-15 ? std::max(1e-6, h * 1e-3) : std::pow(0.01 / larger, 1.0 / 5.0);
  return std::min({100.0 * h, estimate, interval});
}

bool DormandPrinceIntegrator::computeStages(double h, double stepEnd) {
  stages_[0] = endSlope_;
  for (int stage = 1; stage < 7; ++stage) {
    for (std::size_t i = 0; i < size_; ++i) {
      double increment = 0.0;
      for (int j = 0; j < stage; ++j)
        increment += a[stage][j] * stages_[j][i];
      stageState_[i] = endState_[i] + h * increment;
    }
    // The last stage's point is the new solution itself (its weights are b).
    if (stage == 6) nextState_ = stageState_;
    double t = stage == 6 ? stepEnd : endTime_ + c[stage] * h;
    if (evaluate(t, stageState_, stages_[stage]) != CallbackStatus::Ok) return false;
  }
  return true;
}

double DormandPrinceIntegrator::attemptStep(double tStop) {
  if (proposedStep_ <= 0.0) proposedStep_ = initialStep(tStop);
  bool rejectedBefore = false;
  for (;;) {
    double h = proposedStep_;
    // Stretch a step by up to 1% rather than leave a sliver before tStop (Hairer's rule).
    bool reachesStop = endTime_ + 1.01 * h >= tStop;
    if (reachesStop) h = tStop - endTime_;
    // A step must advance the time it starts from (Hairer's DOPRI5: 0.1 |h| <= |t| uround
    // fails). The stop time says nothing here: a state at zero with a large slope (a diode's
    // current at its turn-off) starts with steps far below eps |tStop| and grows them tenfold
    // per step.
    double minimumStep =
        4.0 * epsilon * std::max(std::abs(endTime_), std::numeric_limits<double>::min());
    if (h < minimumStep)
      throw IntegratorError(fmt::format("rk45: the step size fell to {} at time {}, below what "
                                        "can advance time",
                                        h, endTime_),
                            endTime_);
    double stepEnd = reachesStop ? tStop : endTime_ + h;
    if (!computeStages(h, stepEnd)) {
      ++statistics_.errorTestFailures; // a rejected step: retried with a smaller one
      proposedStep_ = recoverableShrink * h;
      rejectedBefore = true;
      continue;
    }
    for (std::size_t i = 0; i < size_; ++i) {
      double difference = 0.0;
      for (int j = 0; j < 7; ++j)
        difference += errorWeights[j] * stages_[j][i];
      errorEstimate_[i] = h * difference;
    }
    double error = weightedNorm(errorEstimate_, endState_, nextState_);
    double factor =
        std::clamp(safety * std::pow(std::max(error, 1e-300), -1.0 / 5.0), maxShrink, maxGrowth);
    if (error > 1.0 || !std::isfinite(error)) {
      ++statistics_.errorTestFailures;
      proposedStep_ = h * (std::isfinite(error) ? std::min(factor, 1.0) : maxShrink);
      rejectedBefore = true;
      continue;
    }
    // No growth right after a rejection; and a step cut short by tStop should not shrink the
    // proposal for the steps after it.
    double next = h * (rejectedBefore ? std::min(factor, 1.0) : factor);
    proposedStep_ = reachesStop ? std::max(next, proposedStep_) : next;
    nextSlope_ = stages_[6];
    for (std::size_t i = 0; i < size_; ++i) {
      double weighted = 0.0;
      for (int j = 0; j < 7; ++j)
        weighted += denseWeights[j] * stages_[j][i];
      nextDenseTerm_[i] = h * weighted;
    }
    return stepEnd;
  }
}

void DormandPrinceIntegrator::stepCommitted() { std::swap(denseTerm_, nextDenseTerm_); }

void DormandPrinceIntegrator::interpolate(double theta, std::span<double> y) const {
  // CONTD5: y0 + theta (dy + (1 - theta) (h f0 - dy + theta (dy - h f1 - (h f0 - dy)
  // + (1 - theta) h sum d_i k_i))), with dy = y1 - y0.
  double h = endTime_ - startTime_;
  double rest = 1.0 - theta;
  for (std::size_t i = 0; i < size_; ++i) {
    double difference = endState_[i] - startState_[i];
    double startBend = h * startSlope_[i] - difference;
    double endBend = difference - h * endSlope_[i] - startBend;
    y[i] = startState_[i] +
           theta * (difference + rest * (startBend + theta * (endBend + rest * denseTerm_[i])));
  }
}

// ------------------------------------------------------------------ FixedStepIntegrator

void FixedStepIntegrator::reinitialize(double t, std::span<const double> y) {
  ExplicitOneStepIntegrator::reinitialize(t, y);
  gridOrigin_ = t;
  gridIndex_ = 0;
}

AdvanceResult FixedStepIntegrator::advance(double tOut, double tStop) {
  double interval = std::min(tOut, tStop) - endTime_;
  if (step_ <= 0.0 && interval > 0.0)
    step_ = settings_.fixedStep > 0.0 ? settings_.fixedStep : interval / 500.0;
  return ExplicitOneStepIntegrator::advance(tOut, tStop);
}

double FixedStepIntegrator::nextStepEnd(double tStop) const {
  double gridPoint = gridOrigin_ + static_cast<double>(gridIndex_ + 1) * step_;
  // A grid point within a millionth of a step of tStop is tStop (rounding in origin + k h);
  // otherwise the step is shortened to land on tStop.
  return gridPoint >= tStop - 1e-6 * step_ ? tStop : gridPoint;
}

double FixedStepIntegrator::attemptStep(double tStop) {
  if (step_ <= 0.0)
    step_ = settings_.fixedStep > 0.0 ? settings_.fixedStep : (tStop - endTime_) / 500.0;
  double reached = nextStepEnd(tStop);
  advanceState(reached - endTime_);
  evaluateOrThrow(reached, nextState_, nextSlope_);
  // A step shortened by tStop ends before the grid point: the next one still goes there, so
  // stop times (events) do not shift the grid.
  double gridPoint = gridOrigin_ + static_cast<double>(gridIndex_ + 1) * step_;
  if (reached >= gridPoint - 1e-6 * step_) ++gridIndex_;
  return reached;
}

// ------------------------------------------------------------------ rk4 and euler

FixedStepIntegrator::FixedStepIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                                         FixedStepMethod method)
    : ExplicitOneStepIntegrator(system, settings), method_(method) {
  if (method == FixedStepMethod::ClassicalRungeKutta)
    k2_ = k3_ = k4_ = stageState_ = std::vector<double>(size_);
}

std::string_view FixedStepIntegrator::name() const {
  return method_ == FixedStepMethod::ClassicalRungeKutta ? "rk4" : "euler";
}

void FixedStepIntegrator::advanceState(double h) {
  if (method_ == FixedStepMethod::ClassicalRungeKutta) return rungeKuttaStep(h);
  for (std::size_t i = 0; i < size_; ++i)
    nextState_[i] = endState_[i] + h * endSlope_[i];
}

void FixedStepIntegrator::rungeKuttaStep(double h) {
  auto stage = [&](const std::vector<double>& slope, double fraction, std::vector<double>& out) {
    for (std::size_t i = 0; i < size_; ++i)
      stageState_[i] = endState_[i] + fraction * h * slope[i];
    evaluateOrThrow(endTime_ + fraction * h, stageState_, out);
  };
  stage(endSlope_, 0.5, k2_);
  stage(k2_, 0.5, k3_);
  stage(k3_, 1.0, k4_);
  for (std::size_t i = 0; i < size_; ++i)
    nextState_[i] = endState_[i] + h / 6.0 * (endSlope_[i] + 2.0 * k2_[i] + 2.0 * k3_[i] + k4_[i]);
}

void FixedStepIntegrator::interpolate(double theta, std::span<double> y) const {
  if (method_ == FixedStepMethod::Euler) {
    for (std::size_t i = 0; i < size_; ++i)
      y[i] = (1.0 - theta) * startState_[i] + theta * endState_[i];
    return;
  }
  // Cubic Hermite basis on [0, 1]: values and slopes (times h) at both ends.
  double h = endTime_ - startTime_;
  double theta2 = theta * theta, theta3 = theta2 * theta;
  double startValue = 2 * theta3 - 3 * theta2 + 1, startSlope = theta3 - 2 * theta2 + theta;
  double endValue = -2 * theta3 + 3 * theta2, endSlope = theta3 - theta2;
  for (std::size_t i = 0; i < size_; ++i)
    y[i] = startValue * startState_[i] + startSlope * h * startSlope_[i] + endValue * endState_[i] +
           endSlope * h * endSlope_[i];
}

} // namespace mocc::runtime
