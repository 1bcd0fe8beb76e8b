// The backend's built-ins (expr::Builtin): the numeric functions of the registry that the
// frontend shares (mocc/support/builtins.h: names, arities, result types, values) and the
// String operations the runtime computes.
#pragma once

#include "mocc/expr/expr.h"

#include <optional>
#include <span>
#include <string_view>

namespace mocc::expr {

/// The built-in with this Modelica name, if any (`sin`, `atan2`, `div`, ...).
std::optional<Builtin> builtinByName(std::string_view name);

/// Result type for the given argument types (abs/min/max/div/mod/rem keep Integer).
Type builtinResultType(Builtin fn, std::span<const Type> args);

/// Evaluates a numeric function (NaN for the text built-ins, see isTextBuiltin).
/// div/mod/rem/integer follow MLS 3.7.2: div(x, y) = trunc(x / y), mod(x, y) = x - floor(x / y) *
/// y, rem(x, y) = x - div(x, y) * y.
double evaluateBuiltin(Builtin fn, std::span<const double> args);

} // namespace mocc::expr
