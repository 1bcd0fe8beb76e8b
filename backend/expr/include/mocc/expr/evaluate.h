// Numeric evaluation of an expression at given variable values: used at compile time (a
// parameter expression's value, the numeric rank of a constant Jacobian, the initial choice of
// a dynamic state set) and by tests (finite-difference checks of symbolic derivatives).
#pragma once

#include "mocc/expr/expr.h"

#include <functional>
#include <optional>

namespace mocc::expr {

/// The values an evaluation reads. A callback returning nullopt makes the whole evaluation
/// fail (the value is unknown at compile time).
struct Values {
  std::function<std::optional<double>(std::uint32_t variable)> variable;
  /// pre(v); when unset, pre(v) reads the variable's value.
  std::function<std::optional<double>(std::uint32_t variable)> pre;
  double time = 0;
};

/// The value of `id` (Booleans as 0/1). Fails (nullopt) on user-function calls, sample(),
/// initial(), terminal(), locals, and on any unknown leaf. Relations evaluate their comparison.
std::optional<double> evaluate(const Pool& pool, Id id, const Values& values);

} // namespace mocc::expr
