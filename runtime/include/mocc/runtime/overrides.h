// `--override NAME=VALUE`: finding a variable by name in the model's table and setting a
// parameter's value or a start value before bind(), marked so bind() keeps it (model.h).
#pragma once

#include "mocc/runtime/model_instance.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

/// Parses every NAME=VALUE of the command line's --override options, each naming a variable of
/// `model` that can take the value (as applyOverride checks); nullopt with `error` set
/// ("--override TEXT: ...") otherwise.
std::optional<std::vector<Override>>
parseOverrides(const mocc_model& model, std::span<const std::string> texts, std::string& error);

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
