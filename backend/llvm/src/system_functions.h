// The generated functions of the algebraic loops (sim::AlgebraicSystem) that the runtime's
// mocc_solve_system calls back: per loop a residual function and, when the loop has an
// analytic Jacobian, a Jacobian function writing its nonzeros. Also which loops the DAE
// residual form opens (model.h, dae_residuals).
#pragma once

#include "module_context.h"

#include <utility>
#include <vector>

namespace mocc::backend::jit {

/// The structural nonzeros (row, column) of a loop's Jacobian, row-major: the valid Ids of
/// AlgebraicSystem::jacobian. The Jacobian function writes their values in this order.
std::vector<std::pair<std::int32_t, std::int32_t>> jacobianNonzeros(const sim::AlgebraicSystem& s);

/// The loops that `derivatives` solves at its top level, in order: the ones the residual form
/// opens, their iteration variables becoming the integrator's algebraic unknowns.
std::vector<std::uint32_t> openedSystems(const sim::Program& program);

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
