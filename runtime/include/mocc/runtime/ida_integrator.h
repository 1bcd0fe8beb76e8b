// IDA (SUNDIALS 6.4) behind the Integrator interface: variable-order BDF on the residual form
// F(t, y, z, y') = [y' - f(t, y, z); h(t, y, z)] of an OdeSystem (index 1, algebraic unknowns
// z when the system has them), with IDACalcIC for consistent values after every restart, the
// same root finding and stop times as CvodeIntegrator, and the same statistics. It takes y
// from the caller at a reinitialisation and z from OdeSystem::algebraicValues; y' and the
// algebraic unknowns are made consistent (IDACalcIC) at the first advance() after it.
#pragma once

#include "mocc/runtime/sundials_integrator.h"

namespace mocc::runtime {

class IdaIntegrator final : public SundialsIntegrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  IdaIntegrator(OdeSystem& system, const IntegratorSettings& settings);
};

} // namespace mocc::runtime
