// Pass `eval-params` (backend/structure): parameter evaluation where the structure depends on
// it. A parameter the frontend folded to decide the structure (array sizes, for-ranges,
// branches of if-equations; flat::Variable::structural) cannot change after compilation, so
// its uses are replaced by its value and the expressions fold: terms multiplied by a zero
// vanish, if-expressions on it keep one branch, and incidence shrinks accordingly. Changes
// expressions only; never adds or removes variables or equations.
#pragma once

#include "mocc/dae/system.h"

namespace mocc::backend::structure {

/// Replaces every use of a structural parameter whose value is known at compile time.
/// Returns the number of parameters substituted.
std::size_t evaluateStructuralParameters(dae::System& system);

} // namespace mocc::backend::structure
