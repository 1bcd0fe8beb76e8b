// Pass `trivial-elim` (backend/structure): removes equations that fold to 0 = 0, such as
// `a = a` left by alias elimination or `x*0 = 0`, and reports those that fold to a false
// constant equation (`1 = 2`, which no value satisfies). Removes equations only.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

namespace mocc::backend::structure {

/// Removes trivially true equations from the equations and the initial equations. Returns
/// false, with an error for each, when an equation compares two different constants.
bool eliminateTrivialEquations(dae::System& system, Diagnostics& diagnostics);

} // namespace mocc::backend::structure
