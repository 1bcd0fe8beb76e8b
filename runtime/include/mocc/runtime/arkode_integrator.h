// ARKODE (SUNDIALS 6.4) behind the Integrator interface: "arkode-erk", ERKStep with the
// explicit Dormand-Prince 5(4) table for non-stiff systems, and "arkode-dirk", ARKStep fully
// implicit with the default 4th-order diagonally implicit (SDIRK) table, Newton iteration and a
// direct linear solver (IntegratorJacobian: dense, or KLU for large sparse analytic
// Jacobians; difference quotients without an analytic one). Both use ARKODE's root finding
// (when the settings allow it), a stop time to hit time events exactly, and its Hermite dense
// output.
#pragma once

#include "mocc/runtime/integrator.h"

#include <memory>

namespace mocc::runtime {

enum class ArkodeMethod {
  ExplicitDormandPrince, // ERKStep, ARKODE_DORMAND_PRINCE_7_4_5
  ImplicitDirk,          // ARKStep, implicit right-hand side only, order 4
};

class ArkodeIntegrator final : public Integrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  ArkodeIntegrator(OdeSystem& system, const IntegratorSettings& settings, ArkodeMethod method);
  ~ArkodeIntegrator() override;
  ArkodeIntegrator(const ArkodeIntegrator&) = delete;
  ArkodeIntegrator& operator=(const ArkodeIntegrator&) = delete;

  std::string_view name() const override;
  void reinitialize(double t, std::span<const double> y) override;
  /// As CvodeIntegrator::advance: a target within a few ulps returns at once.
  AdvanceResult advance(double tOut, double tStop) override;
  bool findsRoots() const override;
  double step(double tStop) override;
  std::span<const int> lastStepRoots() const override;
  double stepStart() const override;
  double stepEnd() const override;
  void denseOutput(double t, std::span<double> y) const override;
  IntegratorStatistics statistics() const override;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace mocc::runtime
