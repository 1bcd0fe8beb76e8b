// IDA (SUNDIALS 6.4) behind the Integrator interface: variable-order BDF on the residual form
// F(t, y, z, y') = [y' - f(t, y, z); h(t, y, z)] of an OdeSystem (index 1, algebraic unknowns
// z when the system has them), with IDACalcIC for consistent values after every restart, the
// same root finding and stop times as CvodeIntegrator, and the same statistics.
#pragma once

#include "mocc/runtime/integrator.h"

#include <memory>

namespace mocc::runtime {

class IdaIntegrator final : public Integrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  IdaIntegrator(OdeSystem& system, const IntegratorSettings& settings);
  ~IdaIntegrator() override;
  IdaIntegrator(const IdaIntegrator&) = delete;
  IdaIntegrator& operator=(const IdaIntegrator&) = delete;

  std::string_view name() const override { return "ida"; }
  /// Takes y from the caller and z from OdeSystem::algebraicValues; y' and the algebraic
  /// unknowns are made consistent (IDACalcIC) at the first advance() after it.
  void reinitialize(double t, std::span<const double> y) override;
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
