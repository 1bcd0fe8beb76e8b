// The runtime's own explicit Runge-Kutta integrators behind the Integrator interface: rk45
// (Dormand-Prince 5(4) with error control and its 4th-order dense output), rk4 (the classical
// fixed-step method, cubic Hermite dense output) and euler (fixed step, linear dense output).
// None finds roots itself: the runtime locates events on their dense output, step by step.
#pragma once

#include "mocc/runtime/integrator.h"

#include <vector>

namespace mocc::runtime {

/// What the three methods share: the last step [stepStart, stepEnd] with the states and slopes
/// at both ends, step() that commits a step only once it has fully succeeded, dense output
/// restricted to the last step, advance() through advanceBySteps() and the work counters.
class ExplicitOneStepIntegrator : public Integrator {
public:
  void reinitialize(double t, std::span<const double> y) override;
  AdvanceResult advance(double tOut, double tStop) override;
  double step(double tStop) override;
  double stepStart() const override { return startTime_; }
  double stepEnd() const override { return endTime_; }
  void denseOutput(double t, std::span<double> y) const override;
  IntegratorStatistics statistics() const override { return statistics_; }

protected:
  ExplicitOneStepIntegrator(OdeSystem& system, const IntegratorSettings& settings);

  /// Integrates from (endTime_, endState_, endSlope_) toward tStop, never past it; writes the
  /// new state and its slope into nextState_ and nextSlope_ and returns the time reached
  /// (exactly tStop when it gets there). The base commits them afterwards.
  virtual double attemptStep(double tStop) = 0;
  /// Called once a step is committed, for methods that keep more dense-output data.
  virtual void stepCommitted() {}
  /// y := the solution at startTime_ + theta * (endTime_ - startTime_), 0 <= theta <= 1.
  virtual void interpolate(double theta, std::span<double> y) const = 0;

  /// dy := f(t, y), counted. Fatal failures and exceptions end the integration (thrown);
  /// Recoverable is returned for the method to handle.
  CallbackStatus evaluate(double t, std::span<const double> y, std::span<double> dy);
  /// evaluate() for methods that cannot retry: a Recoverable failure throws as well.
  void evaluateOrThrow(double t, std::span<const double> y, std::span<double> dy);

  OdeSystem& system_;
  IntegratorSettings settings_;
  std::size_t size_;
  double startTime_ = 0.0, endTime_ = 0.0;
  std::vector<double> startState_, endState_, nextState_;
  std::vector<double> startSlope_, endSlope_, nextSlope_;
  IntegratorStatistics statistics_;

private:
  /// The slope at (endTime_, endState_) once known; every method reuses it as its first stage.
  void ensureEndSlope();

  bool initialized_ = false;
  bool endSlopeKnown_ = false;
  /// Steps taken inside the running advance() call, -1 outside one: only advance() has a work
  /// limit (IntegratorSettings::maxSteps), step() is driven step by step by its caller.
  long stepsInAdvance_ = -1;
  std::vector<double> output_; // the state advance() returns
};

/// rk45: Dormand and Prince's 5(4) pair, advancing with the 5th-order solution (local
/// extrapolation), first-same-as-last, the step controlled on the weighted RMS norm of the
/// embedded error estimate with the settings' tolerances, and Hairer's 4th-order continuous
/// extension as dense output (Hairer, Norsett, Wanner, "Solving ODEs I", II.6, DOPRI5).
class DormandPrinceIntegrator final : public ExplicitOneStepIntegrator {
public:
  DormandPrinceIntegrator(OdeSystem& system, const IntegratorSettings& settings);
  std::string_view name() const override { return "rk45"; }
  void reinitialize(double t, std::span<const double> y) override;

protected:
  double attemptStep(double tStop) override;
  void stepCommitted() override;
  void interpolate(double theta, std::span<double> y) const override;

private:
  /// The weighted RMS norm of `values` with weights atol + rtol * max(|a|, |b|).
  double weightedNorm(std::span<const double> values, std::span<const double> a,
                      std::span<const double> b) const;
  /// Hairer's starting step estimate (HINIT): one explicit Euler trial step.
  double initialStep(double tStop);
  /// Runs the six stages after k1 = endSlope_ over step h ending at `stepEnd` (the new state
  /// goes to nextState_); false when a stage reported a Recoverable failure.
  bool computeStages(double h, double stepEnd);

  double proposedStep_ = 0.0;               // 0: estimate it at the next step
  std::vector<std::vector<double>> stages_; // k1 .. k7 of the current attempt
  std::vector<double> stageState_, errorEstimate_;
  std::vector<double> denseTerm_, nextDenseTerm_; // h * sum d_i k_i of the dense output
};

/// The fixed-step methods: rk4, the classical 4-stage Runge-Kutta method with the cubic
/// Hermite interpolant of the end points' states and slopes as dense output (4th order, like
/// the method); euler, the explicit Euler method, linear between the end points.
enum class FixedStepMethod { ClassicalRungeKutta, Euler };

/// Fixed step settings.fixedStep on the grid restartTime + k * step (computed in that form,
/// never accumulated); a step toward tStop shortened to land on it exactly.
class FixedStepIntegrator final : public ExplicitOneStepIntegrator {
public:
  FixedStepIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                      FixedStepMethod method);
  std::string_view name() const override;
  void reinitialize(double t, std::span<const double> y) override;
  AdvanceResult advance(double tOut, double tStop) override;

protected:
  double attemptStep(double tStop) override;
  void interpolate(double theta, std::span<double> y) const override;

private:
  /// nextState_ := the method's step of size h from (endTime_, endState_, endSlope_).
  void advanceState(double h);
  void rungeKuttaStep(double h);
  /// The grid point after endTime_, or tStop when that comes first or nearly so.
  double nextStepEnd(double tStop) const;

  FixedStepMethod method_;
  double gridOrigin_ = 0.0;
  long gridIndex_ = 0; // endTime_ lies at or after gridOrigin_ + gridIndex_ * step_
  double step_ = 0.0;  // 0 until chosen (settings.fixedStep, else 1/500 of the first interval)
  std::vector<double> k2_, k3_, k4_, stageState_; // rk4's stages
};

} // namespace mocc::runtime
