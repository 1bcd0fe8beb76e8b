// The registry of built-in functions and operators (builtins.h).
#include "mocc/support/builtins.h"

#include <cmath>

namespace mocc::builtins {

namespace {

constexpr Domain kUnitInterval{-1, 1, false, "[-1, 1]"};
constexpr Domain kNonNegative{0, HUGE_VAL, false, ">= 0"};
constexpr Domain kPositive{0, HUGE_VAL, true, "> 0"};

constexpr Function math(std::string_view name, Math fn, int arity, Result result = Result::Real,
                        std::optional<Domain> domain = std::nullopt, Kind kind = Kind::Math) {
  return Function{name, kind, fn, arity, result, domain};
}

constexpr Function other(std::string_view name, Kind kind) {
  return Function{name, kind, std::nullopt, 0, Result::Real, std::nullopt};
}

// The numeric functions first, in the order of Math, so that of() is an index.
constexpr Function kFunctions[] = {
    math("sin", Math::Sin, 1),
    math("cos", Math::Cos, 1),
    math("tan", Math::Tan, 1),
    math("asin", Math::Asin, 1, Result::Real, kUnitInterval),
    math("acos", Math::Acos, 1, Result::Real, kUnitInterval),
    math("atan", Math::Atan, 1),
    math("atan2", Math::Atan2, 2),
    math("sinh", Math::Sinh, 1),
    math("cosh", Math::Cosh, 1),
    math("tanh", Math::Tanh, 1),
    math("exp", Math::Exp, 1),
    math("log", Math::Log, 1, Result::Real, kPositive),
    math("log10", Math::Log10, 1, Result::Real, kPositive),
    math("sqrt", Math::Sqrt, 1, Result::Real, kNonNegative),
    math("abs", Math::Abs, 1, Result::Arguments),
    math("sign", Math::Sign, 1, Result::Integer),
    // min and max also reduce arrays (MLS 10.3.4): the frontend's array functions lower them.
    math("min", Math::Min, 2, Result::Arguments, std::nullopt, Kind::Array),
    math("max", Math::Max, 2, Result::Arguments, std::nullopt, Kind::Array),
    math("floor", Math::Floor, 1),
    math("ceil", Math::Ceil, 1),
    math("div", Math::Div, 2, Result::Arguments),
    math("mod", Math::Mod, 2, Result::Arguments),
    math("rem", Math::Rem, 2, Result::Arguments),
    math("integer", Math::Integer, 1, Result::Integer),
    // MLS 3.7.4 (event-related operators) and 3.7.5 (initial, terminal, sample).
    other("der", Kind::Event),
    other("pre", Kind::Event),
    other("edge", Kind::Event),
    other("change", Kind::Event),
    other("initial", Kind::Event),
    other("terminal", Kind::Event),
    other("sample", Kind::Event),
    other("noEvent", Kind::Event),
    other("smooth", Kind::Event),
    other("homotopy", Kind::Event),
    // MLS 10.3: dimensions, conversions, constructors, reductions, matrix functions; Integer()
    // of an enumeration (MLS 4.9.5.2).
    other("size", Kind::Array),
    other("ndims", Kind::Array),
    other("scalar", Kind::Array),
    other("vector", Kind::Array),
    other("matrix", Kind::Array),
    other("zeros", Kind::Array),
    other("ones", Kind::Array),
    other("fill", Kind::Array),
    other("identity", Kind::Array),
    other("linspace", Kind::Array),
    other("cat", Kind::Array),
    other("transpose", Kind::Array),
    other("diagonal", Kind::Array),
    other("cross", Kind::Array),
    other("skew", Kind::Array),
    other("outerProduct", Kind::Array),
    other("symmetric", Kind::Array),
    other("sum", Kind::Array),
    other("product", Kind::Array),
    other("Integer", Kind::Array),
    // MLS 3.7.4: String() (and 3.4), semiLinear, getInstanceName, delay.
    other("String", Kind::Special),
    other("semiLinear", Kind::Special),
    other("getInstanceName", Kind::Special),
    other("delay", Kind::Special),
};

static_assert(sizeof kFunctions / sizeof kFunctions[0] > kMathCount);

} // namespace

std::span<const Function> all() { return kFunctions; }

const Function* find(std::string_view name) {
  for (const Function& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

const Function& of(Math fn) { return kFunctions[static_cast<std::size_t>(fn)]; }

bool integerResult(Math fn, bool allArgumentsInteger) {
  Result result = of(fn).result;
  return result == Result::Integer || (result == Result::Arguments && allArgumentsInteger);
}

double evaluate(Math fn, std::span<const double> a) {
  switch (fn) {
  case Math::Sin: return std::sin(a[0]);
  case Math::Cos: return std::cos(a[0]);
  case Math::Tan: return std::tan(a[0]);
  case Math::Asin: return std::asin(a[0]);
  case Math::Acos: return std::acos(a[0]);
  case Math::Atan: return std::atan(a[0]);
  case Math::Atan2: return std::atan2(a[0], a[1]);
  case Math::Sinh: return std::sinh(a[0]);
  case Math::Cosh: return std::cosh(a[0]);
  case Math::Tanh: return std::tanh(a[0]);
  case Math::Exp: return std::exp(a[0]);
  case Math::Log: return std::log(a[0]);
  case Math::Log10: return std::log10(a[0]);
  case Math::Sqrt: return std::sqrt(a[0]);
  case Math::Abs: return std::fabs(a[0]);
  case Math::Sign: return a[0] > 0 ? 1.0 : (a[0] < 0 ? -1.0 : 0.0);
  case Math::Min: return a[0] < a[1] ? a[0] : a[1];
  case Math::Max: return a[0] > a[1] ? a[0] : a[1];
  case Math::Floor: return std::floor(a[0]);
  case Math::Ceil: return std::ceil(a[0]);
  case Math::Div: return std::trunc(a[0] / a[1]);
  case Math::Mod: return a[0] - std::floor(a[0] / a[1]) * a[1];
  case Math::Rem: return a[0] - std::trunc(a[0] / a[1]) * a[1];
  case Math::Integer: return std::floor(a[0]);
  }
  return NAN;
}

} // namespace mocc::builtins
