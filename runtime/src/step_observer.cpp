// StepObservingIntegrator: every accepted step of the inner integrator, then the observer.
#include "step_observer.h"

namespace mocc::runtime {

StepObservingIntegrator::StepObservingIntegrator(std::unique_ptr<Integrator> inner, int size,
                                                 Observer observer)
    : inner_(std::move(inner)), observer_(std::move(observer)),
      end_(static_cast<std::size_t>(size)), output_(end_.size()) {}

AdvanceResult StepObservingIntegrator::advance(double tOut, double tStop) {
  return advanceBySteps(tOut, tStop, output_);
}

double StepObservingIntegrator::step(double tStop) {
  double reached = inner_->step(tStop);
  inner_->denseOutput(reached, end_);
  observer_(reached, end_);
  return reached;
}

} // namespace mocc::runtime
