// The built-in functions and operators of Modelica (MLS 3.7, 10.3) in one registry: the
// frontend's lowering recognises and checks calls by it, constant folding computes with it,
// and the backend's expressions name and evaluate their numeric built-ins through it, so a
// built-in is named, counted and computed in one place. Generated code calls the same libm
// functions, so folded and run-time values agree bit for bit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace mocc::builtins {

/// How the frontend lowers a call of the built-in.
enum class Kind : std::uint8_t {
  Math,    // element-wise numeric function (MLS 3.7.1-3.7.3), a call that stays a call
  Event,   // event-related operator (MLS 3.7.4): der, pre, edge, sample, noEvent, ...
  Array,   // array function (MLS 10.3), expanded by the frontend; also min/max and Integer()
  Special, // String(), semiLinear(), getInstanceName(), delay(): lowered one by one
};

/// The numeric functions the backend keeps as calls, in the order of expr::Builtin.
enum class Math : std::uint8_t {
#define MOCC_MATH_BUILTIN(name) name,
#include "mocc/support/math_builtins.def"
#undef MOCC_MATH_BUILTIN
};
inline constexpr std::size_t kMathCount = static_cast<std::size_t>(Math::Integer) + 1;

/// The type of a numeric function's result (MLS 3.7.1, 3.7.2).
enum class Result : std::uint8_t {
  Real,      // always Real: sin, floor, ceil, ...
  Arguments, // Integer when every argument is Integer: abs, min, max, div, mod, rem
  Integer,   // always Integer: sign, integer
};

/// Where a function is defined (MLS 3.7.3): a constant argument outside is an error.
struct Domain {
  double low, high;
  bool openLow;     // the low end itself is outside (log of 0)
  const char* text; // "[-1, 1]", "> 0"
};

struct Function {
  std::string_view name;
  Kind kind;
  std::optional<Math> math; // the numeric function a call computes (min and max are Array)
  int arity;                // of the numeric function
  Result result;
  std::optional<Domain> domain;
};

/// Every built-in, in a fixed order.
std::span<const Function> all();
/// The built-in called `name` (`sin`, `der`, `fill`), or null.
const Function* find(std::string_view name);
/// The registry's entry of a numeric function.
const Function& of(Math fn);
/// Whether the result of `fn` is an Integer for arguments that are all Integer or not.
bool integerResult(Math fn, bool allArgumentsInteger);
/// The value of `fn` (div/mod/rem/integer as MLS 3.7.2 defines them: div(x, y) = trunc(x / y),
/// mod(x, y) = x - floor(x / y) * y, rem(x, y) = x - div(x, y) * y, integer(x) = floor(x)).
double evaluate(Math fn, std::span<const double> args);

} // namespace mocc::builtins
