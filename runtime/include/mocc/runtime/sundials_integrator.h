// The one integrator core behind CVODE, IDA and ARKODE (SUNDIALS 6.4): the Integrator
// interface's bookkeeping (restart checks, the targets too close to call the solver, the roots
// a step stopped at, dense output at a restart, statistics summed over reinitialisations) is
// written here once; each SUNDIALS integrator supplies a Solver (runtime/src/sundials_solver.h)
// with only what differs: its set-up, one call of its solve function, its root information,
// interpolation and counters.
#pragma once

#include "mocc/runtime/integrator.h"

#include <memory>
#include <vector>

namespace mocc::runtime {

class SundialsIntegrator : public Integrator {
public:
  class Solver;

  ~SundialsIntegrator() override;
  SundialsIntegrator(const SundialsIntegrator&) = delete;
  SundialsIntegrator& operator=(const SundialsIntegrator&) = delete;

  std::string_view name() const override;
  void reinitialize(double t, std::span<const double> y) override;
  /// A target within a few ulps of the current time returns at once with the current state:
  /// SUNDIALS refuses to start toward it (CV_TOO_CLOSE) and nothing can change over it anyway.
  AdvanceResult advance(double tOut, double tStop) override;
  bool findsRoots() const override;
  double step(double tStop) override;
  std::span<const int> lastStepRoots() const override;
  double stepStart() const override;
  double stepEnd() const override;
  void denseOutput(double t, std::span<double> y) const override;
  IntegratorStatistics statistics() const override;

protected:
  explicit SundialsIntegrator(std::unique_ptr<Solver> solver);

private:
  /// One call of the solver toward tOut, never past tStop; true when it stopped at a root.
  bool solve(double tOut, double tStop, bool oneStep);

  std::unique_ptr<Solver> solver_;
  double time_ = 0.0;
  double stepStart_ = 0.0; // where the last step() started
  bool initialized_ = false;
  std::vector<int> rootDirections_;
  IntegratorStatistics finishedSegments_; // the solver's counters from before the last restart
};

} // namespace mocc::runtime
