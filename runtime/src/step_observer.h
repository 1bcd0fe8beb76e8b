// StepObservingIntegrator: an integrator that tells an observer about every step it accepts,
// with the time and the state at the step's end. The simulator records the history of delay()
// this way (delay_history.h), below the event locator, which takes the steps one at a time; a
// step that an event inside it cuts short is recorded too and dropped when the event is.
#pragma once

#include "mocc/runtime/integrator.h"

#include <functional>
#include <memory>
#include <vector>

namespace mocc::runtime {

class StepObservingIntegrator final : public Integrator {
public:
  using Observer = std::function<void(double t, std::span<const double> y)>;

  StepObservingIntegrator(std::unique_ptr<Integrator> inner, int size, Observer observer);

  std::string_view name() const override { return inner_->name(); }
  void reinitialize(double t, std::span<const double> y) override { inner_->reinitialize(t, y); }
  /// Step by step (advanceBySteps), so that every step is observed; no root finding of its own.
  AdvanceResult advance(double tOut, double tStop) override;
  bool findsRoots() const override { return inner_->findsRoots(); }
  /// The inner step, then the observer at its end.
  double step(double tStop) override;
  std::span<const int> lastStepRoots() const override { return inner_->lastStepRoots(); }
  double stepStart() const override { return inner_->stepStart(); }
  double stepEnd() const override { return inner_->stepEnd(); }
  void denseOutput(double t, std::span<double> y) const override { inner_->denseOutput(t, y); }
  IntegratorStatistics statistics() const override { return inner_->statistics(); }

private:
  std::unique_ptr<Integrator> inner_;
  Observer observer_;
  std::vector<double> end_, output_;
};

} // namespace mocc::runtime
