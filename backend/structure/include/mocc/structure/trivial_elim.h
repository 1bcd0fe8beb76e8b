// Pass `trivial-elim` (backend/structure): removes equations that fold to 0 = 0, such as
// `a = a` left by alias elimination or `x*0 = 0`, and reports those that fold to a false
// constant equation (`1 = 2`, which no value satisfies). A state whose derivative no longer
// appears anywhere (`C*der(v)` with a structural C = 0) becomes algebraic, as in other tools.
// Removes equations and demotes such states only.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

namespace mocc::backend::structure {

/// Removes trivially true equations from the equations and the initial equations and demotes
/// states without derivative. Returns false, with an error for each, when an equation compares
/// two different constants.
bool eliminateTrivialEquations(dae::System& system, Diagnostics& diagnostics);

} // namespace mocc::backend::structure
