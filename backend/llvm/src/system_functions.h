// The generated functions of the algebraic loops (sim::AlgebraicSystem) that the runtime's
// mocc_solve_system calls back: per loop a residual function and, when the loop has an
// analytic Jacobian, a Jacobian function writing its nonzeros. Also which loops the DAE
// residual form opens (model.h, dae_residuals).
#pragma once

#include "module_context.h"

#include <utility>
#include <vector>

namespace mocc::backend::jit {

using sim::jacobianNonzeros;
using sim::openedSystems;

/// Declares, for each loop k, `void mocc_system<k>_residual(mocc_instance*, const double* x,
/// double* r)` and, when it has a Jacobian, `void mocc_system<k>_jacobian(mocc_instance*,
/// const double* x, double* values)`, and records them in module.systemFunctions. Throws
/// EmitError for a malformed loop (residual count, Jacobian shape, variable numbers).
void declareSystemFunctions(ModuleContext& module);

/// Emits the bodies: store x into the iteration variables, run the inner statements, then
/// write the residuals (or the Jacobian's nonzeros). Relations keep their stored values
/// (continuous evaluation) whatever mode the caller is in: Newton's method needs a smooth
/// residual, and event iteration re-evaluates the relations after the solve (MLS 8.5).
void emitSystemFunctions(ModuleContext& module);

} // namespace mocc::backend::jit
