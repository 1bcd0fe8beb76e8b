// `--override NAME=VALUE`: finding a variable by name in the model's table and setting a
// parameter's value or a start value before bind(), marked so bind() keeps it (model.h).
#pragma once

#include "mocc/runtime/model_instance.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mocc::runtime {

struct Override {
  std::string name; // as in the variable table: "k", "a.b[2]"
  double value;
};

/// Parses `NAME=VALUE`, where VALUE is a finite number or `true`/`false`. Returns nullopt and
/// sets `error` when the text is malformed.
std::optional<Override> parseOverride(std::string_view text, std::string& error);

/// The table entry called `name`, or null.
const mocc_variable* findVariable(const mocc_model& model, std::string_view name);

/// Sets a parameter's value, or the start value of a state, discrete or algebraic variable,
/// and marks it overridden; call it before bind(). Constants, derivatives and compiler-made
/// values cannot be overridden; Integers take integral values and Booleans 0, 1, true or
/// false. Returns the error, or nullopt on success.
std::optional<std::string> applyOverride(ModelInstance& instance, const Override& override);

/// applyOverride for each in order (a later one for the same name wins); stops at the first
/// error and returns it.
std::optional<std::string> applyOverrides(ModelInstance& instance,
                                          std::span<const Override> overrides);

} // namespace mocc::runtime
