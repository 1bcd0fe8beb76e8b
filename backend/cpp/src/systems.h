// Algebraic loops (sim::AlgebraicSystem) in generated C++, as backend/llvm's
// system_functions.cpp emits them: per loop a residual function and, when the loop has an
// analytic Jacobian, a Jacobian function writing its nonzeros, both called back by the
// runtime's mocc_solve_system; and which loops the DAE residual form opens.
#pragma once

#include "context.h"

#include <utility>
#include <vector>

namespace mocc::backend::cpp {

using sim::jacobianNonzeros;
using sim::openedSystems;

/// The C++ names of loop k's functions.
std::string residualName(std::uint32_t system);
std::string jacobianName(std::uint32_t system);

/// Writes the residual and Jacobian functions of every loop. Throws EmitError for a malformed
/// loop (residual count, Jacobian shape, variable numbers).
void writeSystemFunctions(Context& context, Code& code);

} // namespace mocc::backend::cpp
