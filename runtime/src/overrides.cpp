// Overrides (`--override NAME=VALUE`): parsing, lookup by name in the variable table, and
// setting the value before bind() with the `overridden` mark that makes bind() keep it.
#include "mocc/runtime/overrides.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstring>

namespace mocc::runtime {

namespace {

std::string_view trim(std::string_view text) {
  const char* blanks = " \t\r\n";
  std::size_t first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

std::optional<double> parseValue(std::string_view text) {
  if (text == "true") return 1.0;
  if (text == "false") return 0.0;
  double value = 0.0;
  const char* end = text.data() + text.size();
  if (text.size() > 1 && text[0] == '+' && text[1] != '-')
    text.remove_prefix(1); // from_chars rejects '+'
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

const char* kindName(int32_t kind) {
  switch (kind) {
  case MOCC_KIND_CONSTANT: return "constant";
  case MOCC_KIND_PARAMETER: return "parameter";
  case MOCC_KIND_STATE: return "state";
  case MOCC_KIND_DERIVATIVE: return "derivative";
  case MOCC_KIND_ALGEBRAIC: return "algebraic variable";
  case MOCC_KIND_DISCRETE: return "discrete variable";
  default: return "compiler-made value";
  }
}

/// Why `variable` cannot take `value`, or nullopt.
std::optional<std::string> checkOverridable(const mocc_variable& variable, double value) {
  switch (variable.kind) {
  case MOCC_KIND_PARAMETER:
  case MOCC_KIND_STATE:
  case MOCC_KIND_ALGEBRAIC:
  case MOCC_KIND_DISCRETE:
    if (variable.region != MOCC_REGION_DERIVATIVE) break;
    [[fallthrough]];
  case MOCC_KIND_DERIVATIVE:
    return fmt::format("cannot override '{}': derivatives are computed, not set", variable.name);
  case MOCC_KIND_CONSTANT:
    return fmt::format("cannot override '{}': its value was fixed during translation (a "
                       "constant, or a parameter the model's structure depends on); change it in "
                       "the model",
                       variable.name);
  default:
    return fmt::format("cannot override '{}': it is a {}", variable.name, kindName(variable.kind));
  }
  if (variable.type == MOCC_TYPE_STRING)
    return fmt::format("cannot override String '{}': only numbers and Booleans can be given",
                       variable.name);
  if (variable.type == MOCC_TYPE_INTEGER &&
      (std::trunc(value) != value || std::abs(value) > 0x1p53))
    return fmt::format("cannot override Integer '{}' with {}: not an integer", variable.name,
                       value);
  if (variable.type == MOCC_TYPE_BOOLEAN && value != 0.0 && value != 1.0)
    return fmt::format("cannot override Boolean '{}' with {}: use true, false, 1 or 0",
                       variable.name, value);
  return std::nullopt;
}

} // namespace

std::optional<Override> parseOverride(std::string_view text, std::string& error) {
  std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    error = fmt::format("override '{}' is not of the form NAME=VALUE", text);
    return std::nullopt;
  }
  std::string_view name = trim(text.substr(0, equals));
  std::string_view valueText = trim(text.substr(equals + 1));
  if (name.empty()) {
    error = fmt::format("override '{}' has no name before '='", text);
    return std::nullopt;
  }
  std::optional<double> value = parseValue(valueText);
  if (!value) {
    error =
        fmt::format("override '{}': '{}' is not a finite number, true or false", text, valueText);
    return std::nullopt;
  }
  return Override{std::string(name), *value};
}

const mocc_variable* findVariable(const mocc_model& model, std::string_view name) {
  for (int i = 0; i < model.n_variables; ++i)
    if (name == model.variables[i].name) return &model.variables[i];
  return nullptr;
}

std::optional<std::string> applyOverride(ModelInstance& instance, const Override& override) {
  const mocc_model& model = instance.model();
  const mocc_variable* variable = findVariable(model, override.name);
  if (variable == nullptr)
    return fmt::format("cannot override '{}': model {} has no such variable", override.name,
                       model.name ? model.name : "");
  if (auto problem = checkOverridable(*variable, override.value)) return problem;
  instance.slot(*variable) = override.value;
  instance.markOverridden(*variable);
  return std::nullopt;
}

std::optional<std::string> applyOverrides(ModelInstance& instance,
                                          std::span<const Override> overrides) {
  for (const Override& override : overrides)
    if (auto problem = applyOverride(instance, override)) return problem;
  return std::nullopt;
}

std::optional<std::vector<Override>>
parseOverrides(const mocc_model& model, std::span<const std::string> texts, std::string& error) {
  std::vector<Override> overrides;
  for (const std::string& text : texts) {
    auto parsed = parseOverride(text, error);
    if (!parsed) return std::nullopt;
    const mocc_variable* variable = findVariable(model, parsed->name);
    if (!variable) {
      error = "--override " + text + ": the model has no variable '" + parsed->name + "'";
      return std::nullopt;
    }
    if (auto problem = checkOverridable(*variable, parsed->value)) {
      error = "--override " + text + ": " + *problem;
      return std::nullopt;
    }
    overrides.push_back(*parsed);
  }
  return overrides;
}

} // namespace mocc::runtime
