// Pass `alias-elim` (backend/structure): alias and negated-alias elimination. An equation
// `a = b`, `a = -b`, `a + b = 0` or `a - b = 0` between two unknowns merges them: one is kept,
// the other gets Variable::alias (`b` or `-b`) and disappears from every expression. An
// equation `v = c` with a constant c (after structural parameters are evaluated) makes v that
// constant in the same way. Removes those equations and rewrites expressions; never adds
// variables or equations, never removes a variable (aliases and constants stay in the results
// through their alias binding).
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

namespace mocc::backend::structure {

/// Merges alias classes (union-find with signs, near-linear). In a class, the variable that
/// must stay is kept: a state, a derivative, a variable computed by a when-clause or an
/// algorithm, or a reinit() target (a class never holds two of them: such an equation is left
/// as it is, so no state is ever lost); otherwise the first declared. The kept variable takes
/// the best attributes of its class: a start value, fixed = true with its start, nominal,
/// min and max (negated and swapped through a negated alias), the strongest stateSelect.
/// Conflicting fixed start values are reported as a warning naming both variables.
/// Parameters, internal variables and dynamic-state-set entries are never merged. A variable
/// that only its equation `v = c` computes (not a state, not fixed = true, not assigned by a
/// when-clause or algorithm) becomes the constant c, repeatedly while substitution folds new
/// such equations; an equation left without unknowns by it is reported as over-determined.
/// Returns the number of eliminated variables.
std::size_t eliminateAliases(dae::System& system, Diagnostics& diagnostics);

} // namespace mocc::backend::structure
