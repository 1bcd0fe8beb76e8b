// Built-in function table: names, arities, result types and numeric evaluation.
#include "mocc/expr/builtins.h"

#include <cmath>

namespace mocc::expr {

namespace {

struct BuiltinInfo {
  Builtin fn;
  const char* name;
  int arity;
};

constexpr BuiltinInfo kBuiltins[] = {
    {Builtin::Sin, "sin", 1},
    {Builtin::Cos, "cos", 1},
    {Builtin::Tan, "tan", 1},
    {Builtin::Asin, "asin", 1},
    {Builtin::Acos, "acos", 1},
    {Builtin::Atan, "atan", 1},
    {Builtin::Atan2, "atan2", 2},
    {Builtin::Sinh, "sinh", 1},
    {Builtin::Cosh, "cosh", 1},
    {Builtin::Tanh, "tanh", 1},
    {Builtin::Exp, "exp", 1},
    {Builtin::Log, "log", 1},
    {Builtin::Log10, "log10", 1},
    {Builtin::Sqrt, "sqrt", 1},
    {Builtin::Abs, "abs", 1},
    {Builtin::Sign, "sign", 1},
    {Builtin::Min, "min", 2},
    {Builtin::Max, "max", 2},
    {Builtin::Floor, "floor", 1},
    {Builtin::Ceil, "ceil", 1},
    {Builtin::Div, "div", 2},
    {Builtin::Mod, "mod", 2},
    {Builtin::Rem, "rem", 2},
    {Builtin::Integer, "integer", 1},
    // Not Modelica names ('$'): the frontend's String() and '+' of Strings become these.
    {Builtin::Concat, "$concat", 2},
    {Builtin::StringCompare, "$compare", 2},
    {Builtin::RealString, "$String", 4},
    {Builtin::RealFormat, "$StringFormat", 2},
    {Builtin::IntegerString, "$IntegerString", 3},
};

const BuiltinInfo& info(Builtin fn) { return kBuiltins[static_cast<int>(fn)]; }

} // namespace

const char* builtinName(Builtin fn) { return info(fn).name; }
bool isTextBuiltin(Builtin fn) { return static_cast<int>(fn) >= static_cast<int>(Builtin::Concat); }
int builtinArity(Builtin fn) { return info(fn).arity; }

std::optional<Builtin> builtinByName(std::string_view name) {
  for (const BuiltinInfo& entry : kBuiltins) {
    if (name == entry.name) return entry.fn;
  }
  return std::nullopt;
}

Type builtinResultType(Builtin fn, std::span<const Type> args) {
  bool allInteger = true;
  for (Type t : args)
    allInteger = allInteger && t == Type::Integer;
  switch (fn) {
  case Builtin::Abs:
  case Builtin::Min:
  case Builtin::Max:
  case Builtin::Div:
  case Builtin::Mod:
  case Builtin::Rem: return allInteger ? Type::Integer : Type::Real;
  case Builtin::Sign:
  case Builtin::Integer:
  case Builtin::StringCompare: return Type::Integer;
  case Builtin::Concat:
  case Builtin::RealString:
  case Builtin::RealFormat:
  case Builtin::IntegerString: return Type::String;
  default: return Type::Real;
  }
}

double evaluateBuiltin(Builtin fn, std::span<const double> a) {
  switch (fn) {
  case Builtin::Sin: return std::sin(a[0]);
  case Builtin::Cos: return std::cos(a[0]);
  case Builtin::Tan: return std::tan(a[0]);
  case Builtin::Asin: return std::asin(a[0]);
  case Builtin::Acos: return std::acos(a[0]);
  case Builtin::Atan: return std::atan(a[0]);
  case Builtin::Atan2: return std::atan2(a[0], a[1]);
  case Builtin::Sinh: return std::sinh(a[0]);
  case Builtin::Cosh: return std::cosh(a[0]);
  case Builtin::Tanh: return std::tanh(a[0]);
  case Builtin::Exp: return std::exp(a[0]);
  case Builtin::Log: return std::log(a[0]);
  case Builtin::Log10: return std::log10(a[0]);
  case Builtin::Sqrt: return std::sqrt(a[0]);
  case Builtin::Abs: return std::fabs(a[0]);
  case Builtin::Sign: return a[0] > 0 ? 1.0 : (a[0] < 0 ? -1.0 : 0.0);
  case Builtin::Min: return a[0] < a[1] ? a[0] : a[1];
  case Builtin::Max: return a[0] > a[1] ? a[0] : a[1];
  case Builtin::Floor: return std::floor(a[0]);
  case Builtin::Ceil: return std::ceil(a[0]);
  case Builtin::Div: return std::trunc(a[0] / a[1]);
  case Builtin::Mod: return a[0] - std::floor(a[0] / a[1]) * a[1];
  case Builtin::Rem: return a[0] - std::trunc(a[0] / a[1]) * a[1];
  case Builtin::Integer: return std::floor(a[0]);
  default: return NAN; // the text built-ins need the texts (Pool::call folds what it can)
  }
}

} // namespace mocc::expr
