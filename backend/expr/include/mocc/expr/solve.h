// Solving an equation for one unknown where it appears linearly, or linearly in the
// denominator of one side (MLS does not require more of a causal sorting; nonlinear
// equations go to the algebraic-loop solver of the DAE stage).
#pragma once

#include "mocc/expr/expr.h"

#include <optional>

namespace mocc::expr {

/// `e == coefficient * unknown + offset`, with neither part depending on `unknown`.
struct LinearForm {
  Id coefficient;
  Id offset;
};

/// The linear form of `e` in the leaf `unknown` (a Variable node), or nullopt when `e` is not
/// linear in it. If-expressions whose condition does not depend on the unknown keep their
/// branches: `if c then 2*x else x` has coefficient `if c then 2 else 1`. Relation nodes
/// (frozen between events) count as constants even when their comparison reads the unknown.
std::optional<LinearForm> linearForm(Pool& pool, Id e, Id unknown);

/// Solves `lhs = rhs` for `unknown`: returns `-offset / coefficient` (simplified), or nullopt
/// when the equation is not linear in the unknown or its coefficient is the constant 0. One
/// side `n / d` with the unknown in d alone, linearly, is solved through d = n / (other side).
std::optional<Id> solveFor(Pool& pool, Id lhs, Id rhs, Id unknown);

} // namespace mocc::expr
