// ARKODE (SUNDIALS 6.4) behind the Integrator interface: "arkode-erk", ERKStep with the
// explicit Dormand-Prince 5(4) table for non-stiff systems, and "arkode-dirk", ARKStep fully
// implicit with the default 4th-order diagonally implicit (SDIRK) table, Newton iteration and a
// direct linear solver (IntegratorJacobian: dense, or KLU for large sparse analytic
// Jacobians; difference quotients without an analytic one). Both use ARKODE's root finding
// (when the settings allow it), a stop time to hit time events exactly, and its Hermite dense
// output.
#pragma once

#include "mocc/runtime/sundials_integrator.h"

namespace mocc::runtime {

enum class ArkodeMethod {
  ExplicitDormandPrince, // ERKStep, ARKODE_DORMAND_PRINCE_7_4_5
  ImplicitDirk,          // ARKStep, implicit right-hand side only, order 4
};

class ArkodeIntegrator final : public SundialsIntegrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  ArkodeIntegrator(OdeSystem& system, const IntegratorSettings& settings, ArkodeMethod method);
};

} // namespace mocc::runtime
