// CVODE (SUNDIALS 6.4) behind the Integrator interface: BDF ("cvode", for stiff systems) or
// Adams-Moulton ("cvode-adams", for smooth non-stiff ones), with Newton iteration and a direct
// linear solver (dense; KLU for large systems with a sparse analytic Jacobian), finite-
// difference Jacobian unless the OdeSystem provides one, root finding on the system's root
// functions and a stop time to hit time events exactly.
#pragma once

#include "mocc/runtime/integrator.h"

#include <memory>

namespace mocc::runtime {

/// CVODE's linear multistep families.
enum class CvodeMethod {
  Bdf,   // backward differentiation formulas, orders 1-5
  Adams, // Adams-Moulton, orders 1-12
};

class CvodeIntegrator final : public Integrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  CvodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                  CvodeMethod method = CvodeMethod::Bdf);
  ~CvodeIntegrator() override;
  CvodeIntegrator(const CvodeIntegrator&) = delete;
  CvodeIntegrator& operator=(const CvodeIntegrator&) = delete;

  std::string_view name() const override;
  void reinitialize(double t, std::span<const double> y) override;
  /// A target within a few ulps of the current time returns at once with the current state:
  /// CVODE refuses to start toward it (CV_TOO_CLOSE) and nothing can change over it anyway.
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
