// CVODE (SUNDIALS 6.4) behind the Integrator interface: BDF ("cvode", for stiff systems) or
// Adams-Moulton ("cvode-adams", for smooth non-stiff ones), with Newton iteration and a direct
// linear solver (dense; KLU for large systems with a sparse analytic Jacobian), finite-
// difference Jacobian unless the OdeSystem provides one, root finding on the system's root
// functions and a stop time to hit time events exactly.
#pragma once

#include "mocc/runtime/sundials_integrator.h"

namespace mocc::runtime {

/// CVODE's linear multistep families.
enum class CvodeMethod {
  Bdf,   // backward differentiation formulas, orders 1-5
  Adams, // Adams-Moulton, orders 1-12
};

class CvodeIntegrator final : public SundialsIntegrator {
public:
  /// `system` must outlive the integrator. Throws IntegratorError when SUNDIALS cannot set up.
  CvodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                  CvodeMethod method = CvodeMethod::Bdf);
};

} // namespace mocc::runtime
