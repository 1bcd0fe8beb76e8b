// The backend's built-ins: the registry's numeric functions (mocc/support/builtins.h) and the
// String operations the runtime computes.
#include "mocc/expr/builtins.h"

#include "mocc/support/builtins.h"

#include <cmath>

namespace mocc::expr {

namespace {

// The numeric built-ins are the registry's (mocc/support/builtins.h), in its order; the text
// built-ins follow them.
static_assert(static_cast<int>(Builtin::Integer) == static_cast<int>(builtins::Math::Integer) &&
              static_cast<int>(Builtin::Concat) == static_cast<int>(builtins::kMathCount));

struct TextBuiltin {
  Builtin fn;
  const char* name;
  int arity;
};

// Not Modelica names ('$'): the frontend's String() and '+' of Strings become these.
constexpr TextBuiltin kTextBuiltins[] = {
    {Builtin::Concat, "$concat", 2},
    {Builtin::StringCompare, "$compare", 2},
    {Builtin::RealString, "$String", 4},
    {Builtin::RealFormat, "$StringFormat", 2},
    {Builtin::IntegerString, "$IntegerString", 3},
};

std::optional<builtins::Math> numeric(Builtin fn) {
  if (isTextBuiltin(fn)) return std::nullopt;
  return static_cast<builtins::Math>(fn);
}

const TextBuiltin& text(Builtin fn) {
  return kTextBuiltins[static_cast<std::size_t>(fn) - builtins::kMathCount];
}

} // namespace

bool isTextBuiltin(Builtin fn) { return static_cast<int>(fn) >= static_cast<int>(Builtin::Concat); }

const char* builtinName(Builtin fn) {
  if (auto math = numeric(fn)) return builtins::of(*math).name.data();
  return text(fn).name;
}

int builtinArity(Builtin fn) {
  if (auto math = numeric(fn)) return builtins::of(*math).arity;
  return text(fn).arity;
}

std::optional<Builtin> builtinByName(std::string_view name) {
  if (const builtins::Function* f = builtins::find(name); f && f->math)
    return static_cast<Builtin>(*f->math);
  for (const TextBuiltin& entry : kTextBuiltins)
    if (name == entry.name) return entry.fn;
  return std::nullopt;
}

Type builtinResultType(Builtin fn, std::span<const Type> args) {
  if (auto math = numeric(fn)) {
    bool allInteger = true;
    for (Type t : args)
      allInteger = allInteger && t == Type::Integer;
    return builtins::integerResult(*math, allInteger) ? Type::Integer : Type::Real;
  }
  return fn == Builtin::StringCompare ? Type::Integer : Type::String;
}

double evaluateBuiltin(Builtin fn, std::span<const double> a) {
  if (auto math = numeric(fn)) return builtins::evaluate(*math, a);
  return NAN; // the text built-ins need the texts (Pool::call folds what it can)
}

} // namespace mocc::expr
