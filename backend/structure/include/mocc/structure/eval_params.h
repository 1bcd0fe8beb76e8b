// Pass `eval-params` (backend/structure): parameter evaluation where the structure depends on
// it. A parameter the frontend folded to decide the structure (array sizes, for-ranges,
// branches of if-equations; flat::Variable::structural) cannot change after compilation, so
// its uses are replaced by its value and the expressions fold: terms multiplied by a zero
// vanish, if-expressions on it keep one branch, and incidence shrinks accordingly. A parameter
// that is 0 at its translation value (dae::Variable::translationValue) and multiplies an
// unknown in an equation is made structural first: whether the term is there decides what the
// equation can determine (a Spice MOSFET's `irs * R = S.v - Sinternal` with R = 0 fixes
// Sinternal, not irs). Changes expressions only; never adds or removes variables or equations.
#pragma once

#include "mocc/dae/system.h"

namespace mocc::backend::structure {

/// Replaces every use of a structural parameter whose value is known at compile time.
/// Returns the number of parameters substituted.
std::size_t evaluateStructuralParameters(dae::System& system);

} // namespace mocc::backend::structure
