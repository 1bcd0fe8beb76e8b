// Lowering calls of built-in operators and functions (MLS 3.7, 10.3): event operators,
// element-wise mathematical functions, array constructors and reductions.
#include "lower_expression.h"

#include <charconv>
#include <cmath>

#include "flat_builders.h"
#include "name_suggestion.h"

#include "mocc/support/builtins.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

namespace {

/// The built-in a call names, when it is one of the kind asked for.
const builtins::Function* builtinOfKind(const std::string& name, builtins::Kind kind) {
  const builtins::Function* f = builtins::find(name);
  return f && f->kind == kind ? f : nullptr;
}

} // namespace

bool isBuiltinFunction(const std::string& name) { return builtins::find(name) != nullptr; }

bool isMathFunction(const std::string& name) {
  return builtinOfKind(name, builtins::Kind::Math) != nullptr;
}

std::optional<std::vector<Tensor>> ExpressionLowering::positionalArguments(const ast::CallExpr& c) {
  std::vector<Tensor> args;
  for (const ast::ExprPtr& arg : c.args.positional) {
    auto t = lower(*arg);
    if (!t) return std::nullopt;
    args.push_back(std::move(*t));
  }
  return args;
}

std::optional<Tensor> ExpressionLowering::call(const ast::Expr& e, const ast::CallExpr& c) {
  const ast::ComponentRef& fn = c.function;
  // `.sum(x)` names the built-in too: built-in functions belong to the global scope unless a
  // top-level class of that name hides them (MLS 5.3.3).
  bool globalBuiltin =
      fn.parts.size() == 1 && fn.global && !el_.tree().member(el_.tree().root(), fn.parts[0].ident);
  std::string name = fn.parts.size() == 1 && (!fn.global || globalBuiltin) ? fn.parts[0].ident : "";
  if (name == "reinit" || name == "assert" || name == "terminate") {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, fn.range,
                            "'" + name +
                                "' is an equation, not an expression; it must stand "
                                "alone");
    return std::nullopt;
  }
  std::string qualified = globalName(fn);
  if (qualified == "Connections.isRoot" || qualified == "Connections.rooted" ||
      qualified == "rooted") {
    return connectionGraphQuery(e, c);
  }
  if (qualified == "cardinality") return cardinality(e, c);
  // A user-defined function of the same name shadows a built-in one; the predefined types
  // Integer and String are also conversion functions.
  bool builtin = false;
  if (!name.empty() && isBuiltinFunction(name)) {
    Elaborator::Found found =
        fn.global ? Elaborator::Found{} : el_.names().lookup(name, context_.scope);
    builtin = !found.cls || !found.cls->definition ||
              (found.cls->definition->kind != ast::ClassKind::Function &&
               found.cls->definition->kind != ast::ClassKind::Record);
  }
  if (!builtin) return userCall(e, c);
  if (!c.args.iterators.empty()) return reduction(e, name, c);
  if (builtinOfKind(name, builtins::Kind::Event)) return eventOperator(e, name, c);
  if (name == "delay") return delay(e, c);
  if (name == "String") return stringConversion(e, c);
  if (name == "semiLinear") return semiLinear(e, c);
  if (name == "getInstanceName") return instanceName(e, c);
  if (!c.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, c.args.named.front().range,
                            "'" + name + "' takes no named arguments");
    return std::nullopt;
  }
  if (isMathFunction(name)) {
    auto args = positionalArguments(c);
    if (!args) return std::nullopt;
    return mathFunction(e, name, std::move(*args));
  }
  return arrayFunction(e, name, c);
}

namespace {

bool checkCount(Diagnostics& d, const ast::Expr& e, const std::string& name, std::size_t count,
                std::size_t minimum, std::size_t maximum) {
  if (count >= minimum && count <= maximum) return true;
  std::string expected = minimum == maximum
                             ? std::to_string(minimum)
                             : std::to_string(minimum) + " to " + std::to_string(maximum);
  d.error(DiagnosticKind::WrongArguments, e.range,
          "'" + name + "' takes " + expected + " argument" + (maximum == 1 ? "" : "s") + ", but " +
              std::to_string(count) + (count == 1 ? " was" : " were") + " given");
  return false;
}

} // namespace

namespace {

std::string shortest(double x) {
  char buffer[32];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  return std::string(buffer, end);
}

} // namespace

// A constant argument outside a function's domain is an error found now rather than a NaN at
// run time (MLS 3.7.3 defines these functions only on their domains).
bool ExpressionLowering::checkDomain(const std::string& name, const builtins::Domain& domain,
                                     const std::vector<Expr>& args) {
  if (args.size() != 1 || el_.expressionVariability(args[0]) != flat::Variability::Constant)
    return true;
  auto value = el_.fold(args[0]);
  if (!value) return true;
  double x = value->number;
  bool inside = (domain.openLow ? x > domain.low : x >= domain.low) && x <= domain.high;
  if (inside) return true;
  el_.diagnostics().error(DiagnosticKind::InvalidOperator, args[0].range,
                          "'" + name + "' is undefined for the constant argument " + shortest(x) +
                              ": it needs an argument " + domain.text + " (MLS 3.7.3)");
  return false;
}

// Mathematical functions apply element-wise to arrays (MLS 12.4.6 vectorisation).
std::optional<Tensor> ExpressionLowering::mathFunction(const ast::Expr& e, const std::string& name,
                                                       std::vector<Tensor> args) {
  const builtins::Function& f = *builtinOfKind(name, builtins::Kind::Math);
  std::size_t arity = static_cast<std::size_t>(f.arity);
  if (!checkCount(el_.diagnostics(), e, name, args.size(), arity, arity)) return std::nullopt;
  const Tensor* shape = &args[0];
  for (const Tensor& a : args) {
    if (!a.isScalar()) shape = &a;
  }
  for (const Tensor& a : args) {
    if (!a.isScalar() && a.dims != shape->dims) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                              "the arguments of '" + name + "' must have the same size");
      return std::nullopt;
    }
  }
  Tensor result;
  result.dims = shape->dims;
  for (std::size_t k = 0; k < shape->size(); ++k) {
    std::vector<Expr> elementArgs;
    bool allInteger = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const Expr& x = args[i].isScalar() ? args[i].elements[0] : args[i].elements[k];
      if (!make::isNumeric(x.type)) {
        el_.diagnostics().error(DiagnosticKind::TypeMismatch, x.range,
                                "argument " + std::to_string(i + 1) + " of '" + name +
                                    "' must be Real or Integer, but it is " +
                                    flat::spelling(x.type));
        return std::nullopt;
      }
      allInteger = allInteger && x.type == Type::Integer;
      elementArgs.push_back(x);
    }
    if (f.domain && !checkDomain(name, *f.domain, elementArgs)) return std::nullopt;
    Type type = builtins::integerResult(*f.math, allInteger) ? Type::Integer : Type::Real;
    result.elements.push_back(make::call(name, type, std::move(elementArgs), e.range));
  }
  return result;
}

// MLS 3.7.4.6: the simulated model's name without its enclosing packages ("Vehicle" when
// MyLib.Vehicle is simulated), then the path of the instance the call is in.
std::optional<Tensor> ExpressionLowering::instanceName(const ast::Expr& e, const ast::CallExpr& c) {
  if (!c.args.positional.empty() || !c.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, e.range,
                            "'getInstanceName' takes no arguments");
    return std::nullopt;
  }
  const InstanceNode* instance = context_.scope.instance;
  const InstanceNode* root = instance;
  while (root && root->component && root->component->owner)
    root = root->component->owner;
  std::string name = root && root->entry ? root->entry->qualifiedName() : el_.model().name;
  name = name.substr(name.rfind('.') + 1);
  if (instance && !instance->path.empty()) name += "." + instance->path;
  return Tensor::scalar(Expr::string(name, e.range));
}

std::optional<Tensor> ExpressionLowering::eventOperator(const ast::Expr& e, const std::string& name,
                                                        const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  if (name == "homotopy") return homotopy(e, c);
  if (!c.args.named.empty()) {
    d.error(DiagnosticKind::WrongArguments, c.args.named.front().range,
            "'" + name + "' takes no named arguments");
    return std::nullopt;
  }
  auto args = positionalArguments(c);
  if (!args) return std::nullopt;
  std::size_t n = args->size();
  if (name == "initial" || name == "terminal") {
    if (!checkCount(d, e, name, n, 0, 0)) return std::nullopt;
    return Tensor::scalar(make::call(name, Type::Boolean, {}, e.range));
  }
  if (name == "sample") {
    if (!checkCount(d, e, name, n, 2, 2)) return std::nullopt;
    if (!(*args)[0].isScalar() || !(*args)[1].isScalar()) {
      d.error(DiagnosticKind::TypeMismatch, e.range, "sample takes scalar start and interval");
      return std::nullopt;
    }
    for (const Tensor& arg : *args) {
      const Expr& x = arg.scalarValue();
      if (el_.expressionVariability(x) > flat::Variability::Parameter) {
        d.error(DiagnosticKind::NotConstant, x.range,
                "the start and interval of sample() must be parameter expressions (MLS 3.7.5)");
        return std::nullopt;
      }
    }
    return Tensor::scalar(make::call(
        "sample", Type::Boolean, {(*args)[0].scalarValue(), (*args)[1].scalarValue()}, e.range));
  }
  if (name == "smooth") {
    if (!checkCount(d, e, name, n, 2, 2)) return std::nullopt;
    Tensor value = (*args)[1];
    for (Expr& x : value.elements) {
      Type type = x.type;
      x = make::call("smooth", type, {(*args)[0].scalarValue(), x}, e.range);
    }
    return value;
  }
  if (!checkCount(d, e, name, n, 1, 1)) return std::nullopt;
  Tensor value = std::move((*args)[0]);
  for (Expr& x : value.elements) {
    if (name != "noEvent" && x.kind != Expr::Kind::Variable) {
      if (name == "der" && el_.fold(x)) {
        x = make::literal(Type::Real, 0, e.range); // der of a constant (MLS 3.7.4)
        continue;
      }
      if (name == "der" && x.type == Type::Real) {
        // der(expr): the backend applies the chain rule (MLS 3.7.4).
        x = make::call(name, Type::Real, {x}, e.range);
        continue;
      }
      d.error(name == "der" ? DiagnosticKind::Unsupported : DiagnosticKind::WrongArguments,
              x.range.valid() ? x.range : e.range,
              name == "der" ? "der() needs a Real expression"
                            : "the argument of '" + name + "' must be a variable (MLS 3.7.5)");
      return std::nullopt;
    }
    if (name == "der" && x.type != Type::Real) {
      d.error(DiagnosticKind::TypeMismatch, e.range, "der() needs a Real variable");
      return std::nullopt;
    }
    if (name == "edge" && x.type != Type::Boolean) {
      d.error(DiagnosticKind::TypeMismatch, e.range, "edge() needs a Boolean variable");
      return std::nullopt;
    }
    Type type = name == "edge" || name == "change" ? Type::Boolean : x.type;
    x = make::call(name, type, {x}, e.range);
  }
  return value;
}

namespace {

/// The `actual` and `simplified` arguments of homotopy(), given by position or by name.
struct HomotopyArguments {
  const ast::Expr* actual = nullptr;
  const ast::Expr* simplified = nullptr;
};

std::optional<HomotopyArguments> homotopyArguments(Diagnostics& d, const ast::Expr& e,
                                                   const ast::CallExpr& c) {
  HomotopyArguments found;
  const ast::Expr** slots[] = {&found.actual, &found.simplified};
  if (c.args.positional.size() > 2) {
    d.error(DiagnosticKind::WrongArguments, e.range,
            "homotopy takes two arguments, 'actual' and 'simplified'");
    return std::nullopt;
  }
  for (std::size_t i = 0; i < c.args.positional.size(); ++i)
    *slots[i] = c.args.positional[i].get();
  for (const ast::NamedArgument& named : c.args.named) {
    const ast::Expr** slot = named.name == "actual"       ? slots[0]
                             : named.name == "simplified" ? slots[1]
                                                          : nullptr;
    if (!slot || *slot) {
      d.error(DiagnosticKind::WrongArguments, named.range,
              slot ? "homotopy argument '" + named.name + "' is given twice"
                   : "homotopy has no argument '" + named.name +
                         "'; its arguments are 'actual' and 'simplified'");
      return std::nullopt;
    }
    *slot = named.value.get();
  }
  if (!found.actual || !found.simplified) {
    d.error(DiagnosticKind::WrongArguments, e.range,
            std::string("homotopy needs its '") + (found.actual ? "simplified" : "actual") +
                "' argument");
    return std::nullopt;
  }
  return found;
}

} // namespace

// MLS 3.7.4.4: homotopy(actual, simplified) is `actual` during simulation; the initialization
// may replace it by lambda * actual + (1 - lambda) * simplified and move lambda from 0 to 1.
// It stays an operator (element-wise on arrays) so that the runtime can do that.
std::optional<Tensor> ExpressionLowering::homotopy(const ast::Expr& e, const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  auto arguments = homotopyArguments(d, e, c);
  if (!arguments) return std::nullopt;
  auto actual = lower(*arguments->actual);
  auto simplified = actual ? lower(*arguments->simplified) : std::nullopt;
  if (!actual || !simplified) return std::nullopt;
  if (!simplified->isScalar() && simplified->dims != actual->dims) {
    d.error(DiagnosticKind::TypeMismatch, e.range,
            "the 'actual' and 'simplified' arguments of homotopy must have the same size");
    return std::nullopt;
  }
  Tensor result;
  result.dims = actual->dims;
  for (std::size_t k = 0; k < actual->size(); ++k) {
    const Expr& a = actual->elements[k];
    const Expr& s = simplified->isScalar() ? simplified->elements[0] : simplified->elements[k];
    for (const Expr* x : {&a, &s}) {
      if (!make::isNumeric(x->type)) {
        d.error(DiagnosticKind::TypeMismatch, x->range.valid() ? x->range : e.range,
                std::string("the arguments of homotopy must be Real, but this is ") +
                    flat::spelling(x->type));
        return std::nullopt;
      }
    }
    result.elements.push_back(make::call("homotopy", Type::Real, {a, s}, e.range));
  }
  return result;
}

// MLS 3.7.4.2: the delay time and delayMax of delay() are scalar numbers; without delayMax the
// delay time must be a parameter expression, with it delayMax must be; 0 <= delayTime <=
// delayMax, checked here where both are constants and at run time otherwise (backend/dae).
bool ExpressionLowering::checkDelayTimes(const ast::CallExpr& c, const std::vector<Tensor>& args) {
  Diagnostics& d = el_.diagnostics();
  const char* names[] = {"", "delayTime", "delayMax"};
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i].isScalar() && make::isNumeric(args[i].scalarValue().type)) continue;
    d.error(DiagnosticKind::TypeMismatch, c.args.positional[i]->range,
            std::string("the ") + names[i] + " of delay() must be a Real scalar (MLS 3.7.4.2)");
    return false;
  }
  const Expr& delayTime = args[1].scalarValue();
  const Expr& bound = args.size() == 3 ? args[2].scalarValue() : delayTime;
  SourceRange timeRange = c.args.positional[1]->range;
  SourceRange boundRange = c.args.positional[args.size() - 1]->range;
  if (el_.expressionVariability(bound) > flat::Variability::Parameter) {
    d.error(DiagnosticKind::NotConstant, boundRange,
            args.size() == 3
                ? "the delayMax of delay() must be a parameter expression (MLS 3.7.4.2)"
                : "the delayTime of delay(expr, delayTime) must be a parameter "
                  "expression; a delay time that changes needs delayMax as a third "
                  "argument (MLS 3.7.4.2)");
    return false;
  }
  auto constant = [&](const Expr& x) -> std::optional<double> {
    if (el_.expressionVariability(x) != flat::Variability::Constant) return std::nullopt;
    auto value = el_.fold(x);
    return value ? std::optional<double>(value->number) : std::nullopt;
  };
  std::optional<double> time = constant(delayTime), maximum = constant(bound);
  if (time && *time < 0) {
    d.error(DiagnosticKind::InvalidOperator, timeRange,
            "the delayTime of delay() is " + shortest(*time) +
                ", but it must not be negative (MLS 3.7.4.2)");
    return false;
  }
  if (args.size() < 3 || !maximum) return true;
  if (time && *time > *maximum) {
    d.error(DiagnosticKind::InvalidOperator, timeRange,
            "the delayTime of delay() is " + shortest(*time) + ", more than its delayMax " +
                shortest(*maximum) + " (MLS 3.7.4.2)");
    return false;
  }
  if (*maximum < 0) {
    d.error(DiagnosticKind::InvalidOperator, boundRange,
            "the delayMax of delay() is " + shortest(*maximum) +
                ", but it must not be negative (MLS 3.7.4.2)");
    return false;
  }
  return true;
}

// MLS 3.7.4.2: delay(expr, delayTime[, delayMax]) is expr(time - delayTime), and
// expr(time.start) until time.start + delayTime. It stays an operator, element-wise on arrays,
// whose history the runtime records; MLS 12.2 forbids it in functions.
std::optional<Tensor> ExpressionLowering::delay(const ast::Expr& e, const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  if (context_.function) {
    d.error(DiagnosticKind::InvalidOperator, c.function.range,
            "delay() cannot be used in a function (MLS 12.2)");
    return std::nullopt;
  }
  if (!c.args.named.empty()) {
    d.error(DiagnosticKind::WrongArguments, c.args.named.front().range,
            "'delay' takes no named arguments");
    return std::nullopt;
  }
  auto args = positionalArguments(c);
  if (!args || !checkCount(d, e, "delay", args->size(), 2, 3) || !checkDelayTimes(c, *args))
    return std::nullopt;
  Tensor result = (*args)[0];
  for (Expr& x : result.elements) {
    if (!make::isNumeric(x.type)) {
      d.error(DiagnosticKind::TypeMismatch, x.range.valid() ? x.range : e.range,
              std::string("the expression of delay() must be Real or Integer, but it is ") +
                  flat::spelling(x.type));
      return std::nullopt;
    }
    std::vector<Expr> elementArgs{x};
    for (std::size_t i = 1; i < args->size(); ++i)
      elementArgs.push_back((*args)[i].scalarValue());
    x = make::call("delay", Type::Real, std::move(elementArgs), e.range);
  }
  return result;
}

// MLS 3.7.4: semiLinear(x, k+, k-) is smooth(0, if x >= 0 then k+ * x else k- * x),
// element-wise for arrays.
std::optional<Tensor> ExpressionLowering::semiLinear(const ast::Expr& e, const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  auto args = positionalArguments(c);
  if (!args || !checkCount(d, e, "semiLinear", args->size(), 3, 3) || !c.args.named.empty()) {
    if (args && !c.args.named.empty())
      d.error(DiagnosticKind::WrongArguments, e.range, "'semiLinear' takes no named arguments");
    return std::nullopt;
  }
  const Tensor* shape = &(*args)[0];
  for (const Tensor& arg : *args) {
    if (!arg.isScalar()) shape = &arg;
  }
  Tensor result;
  result.dims = shape->dims;
  for (std::size_t i = 0; i < shape->size(); ++i) {
    auto element = [&](std::size_t k) -> std::optional<Expr> {
      const Tensor& arg = (*args)[k];
      if (arg.isScalar()) return arg.elements[0];
      if (arg.dims != shape->dims) return std::nullopt;
      return arg.elements[i];
    };
    auto x = element(0), positive = element(1), negative = element(2);
    if (!x || !positive || !negative) {
      d.error(DiagnosticKind::TypeMismatch, e.range,
              "the arguments of 'semiLinear' must be scalars or arrays of one size");
      return std::nullopt;
    }
    Expr condition = make::binary(flat::BinaryOp::Ge, *x, make::literal(Type::Real, 0, e.range),
                                  Type::Boolean, e.range);
    Expr value = make::ifThenElse(
        std::move(condition), make::binary(flat::BinaryOp::Mul, *positive, *x, Type::Real, e.range),
        make::binary(flat::BinaryOp::Mul, *negative, *x, Type::Real, e.range), Type::Real, e.range);
    result.elements.push_back(
        make::call("smooth", Type::Real, {make::integer(0, e.range), std::move(value)}, e.range));
  }
  return result;
}

namespace {

// A format of String(r, format = s) (MLS 3.7.4.5): "[flags][width][.precision]conversion"
// as C's printf without '%' and '*'. Real conversions only (e, E, f, F, g, G).
bool validFormat(const std::string& format) {
  std::size_t i = 0;
  while (i < format.size() && std::string_view("-+ 0#").find(format[i]) != std::string_view::npos)
    ++i;
  std::size_t digits = 0;
  while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
    ++i, ++digits;
  if (digits > 3) return false;
  if (i < format.size() && format[i] == '.') {
    ++i;
    digits = 0;
    while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
      ++i, ++digits;
    if (digits > 3) return false;
  }
  return i + 1 == format.size() &&
         std::string_view("eEfFgG").find(format[i]) != std::string_view::npos;
}

// The text of String() for a constant; the runtime writes values computed at run time the
// same way (runtime/src/instance_services.cpp, formatMessage).
std::string formatConstant(const ConstValue& value, long long digits, long long minimumLength,
                           bool leftJustified, const std::string& format) {
  std::string text;
  char buffer[512];
  switch (value.type) {
  case Type::Boolean: text = value.number != 0 ? "true" : "false"; break;
  case Type::Integer: text = std::to_string(static_cast<long long>(value.number)); break;
  case Type::Enumeration: text = value.text.substr(value.text.rfind('.') + 1); break;
  case Type::String: text = value.text; break;
  default:
    if (!format.empty()) {
      std::snprintf(buffer, sizeof buffer, ("%" + format).c_str(), value.number);
      return buffer; // the format's own width and flags
    }
    std::snprintf(buffer, sizeof buffer, "%.*g", static_cast<int>(digits), value.number);
    text = buffer;
  }
  if (minimumLength > 0 && text.size() < static_cast<std::size_t>(minimumLength)) {
    std::string blanks(static_cast<std::size_t>(minimumLength) - text.size(), ' ');
    text = leftJustified ? text + blanks : blanks + text;
  }
  return text;
}

} // namespace

// String(b/i/e, minimumLength = 0, leftJustified = true), String(r, significantDigits = 6,
// minimumLength = 0, leftJustified = true), String(r, format = s) (MLS 3.7.4.5): folded when
// the value is a constant; else a call String(value, significantDigits, minimumLength,
// leftJustified, format, literals of an enumeration...) that messages of asserts and
// terminate() format at run time.
std::optional<Tensor> ExpressionLowering::stringConversion(const ast::Expr& e,
                                                           const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  if (c.args.positional.empty() || c.args.positional.size() > 4) {
    d.error(DiagnosticKind::WrongArguments, e.range,
            "String takes a value and optional formatting arguments");
    return std::nullopt;
  }
  auto lowered = lower(*c.args.positional[0]);
  if (!lowered) return std::nullopt;
  if (const ClassEntry* record = operatorRecordOf(*lowered))
    return overloadedString(e, c, *record, std::move(*lowered));
  if (!lowered->isScalar()) {
    d.error(DiagnosticKind::TypeMismatch, c.args.positional[0]->range,
            "a scalar argument is needed here");
    return std::nullopt;
  }
  auto value = std::optional<Expr>(lowered->scalarValue());
  bool real = value->type == Type::Real;
  // Positional options in the order of the signatures above.
  std::vector<std::pair<std::string, const ast::Expr*>> options;
  std::vector<std::string> order =
      real ? std::vector<std::string>{"significantDigits", "minimumLength", "leftJustified"}
           : std::vector<std::string>{"minimumLength", "leftJustified"};
  for (std::size_t i = 1; i < c.args.positional.size(); ++i) {
    if (i - 1 >= order.size()) {
      d.error(DiagnosticKind::WrongArguments, c.args.positional[i]->range,
              "String has too many arguments");
      return std::nullopt;
    }
    options.emplace_back(order[i - 1], c.args.positional[i].get());
  }
  for (const ast::NamedArgument& named : c.args.named)
    options.emplace_back(named.name, named.value.get());
  long long digits = 6, minimumLength = 0;
  bool leftJustified = true;
  std::string format;
  for (const auto& [name, expr] : options) {
    bool known = name == "minimumLength" || name == "leftJustified" ||
                 (real && (name == "significantDigits" || name == "format"));
    if (!known) {
      d.error(DiagnosticKind::WrongArguments, expr->range,
              std::string("String of ") + (real ? "a Real" : "this value") +
                  " has no argument named '" + name + "'");
      return std::nullopt;
    }
    if (name == "significantDigits" || name == "minimumLength") {
      auto n = el_.evaluateInteger(*expr, context_, name);
      if (!n) return std::nullopt;
      if (*n < (name == "significantDigits" ? 1 : 0) || *n > 100) {
        d.error(DiagnosticKind::WrongArguments, expr->range,
                name + " must be between " + (name == "significantDigits" ? "1" : "0") +
                    " and 100");
        return std::nullopt;
      }
      (name == "significantDigits" ? digits : minimumLength) = *n;
    } else if (name == "leftJustified") {
      auto b = el_.evaluateBoolean(*expr, context_, name);
      if (!b) return std::nullopt;
      leftJustified = *b;
    } else {
      auto text = lowerScalarArgument(*expr);
      if (!text) return std::nullopt;
      auto folded = el_.fold(*text);
      if (!folded || folded->type != Type::String || !validFormat(folded->text)) {
        d.error(DiagnosticKind::WrongArguments, expr->range,
                "format must be a constant String \"[flags][width][.precision]conversion\" "
                "with a conversion e, E, f, F, g or G (MLS 3.7.4.5)");
        return std::nullopt;
      }
      format = folded->text;
    }
  }
  // Only constants are folded: a parameter stays a value, so that folding does not fix it.
  if (el_.expressionVariability(*value) == flat::Variability::Constant) {
    if (auto folded = el_.fold(*value)) {
      return Tensor::scalar(Expr::string(
          formatConstant(*folded, digits, minimumLength, leftJustified, format), e.range));
    }
  }
  if (value->type == Type::String) {
    d.error(DiagnosticKind::Unsupported, e.range,
            "String() of a String that is not constant is not supported");
    return std::nullopt;
  }
  std::vector<Expr> args{
      *value, make::integer(digits, e.range), make::integer(minimumLength, e.range),
      make::literal(Type::Boolean, leftJustified ? 1 : 0, e.range), Expr::string(format, e.range)};
  if (value->type == Type::Enumeration) {
    for (const std::string& literal : el_.enumerationLiterals(*value))
      args.push_back(Expr::string(literal, e.range));
  }
  return Tensor::scalar(make::call("String", Type::String, std::move(args), e.range));
}

// MLS 14.3: String(r, ...) of an operator record calls its operator 'String' with the
// arguments as given.
std::optional<Tensor> ExpressionLowering::overloadedString(const ast::Expr& e,
                                                           const ast::CallExpr& c,
                                                           const ClassEntry& record, Tensor value) {
  if (!c.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, c.args.named.front().value->range,
                            "an overloaded String() takes positional arguments only");
    return std::nullopt;
  }
  std::vector<Tensor> args{std::move(value)};
  for (std::size_t i = 1; i < c.args.positional.size(); ++i) {
    auto arg = lower(*c.args.positional[i]);
    if (!arg) return std::nullopt;
    args.push_back(std::move(*arg));
  }
  std::vector<OperatorFunction> candidates = operatorFunctions(record, "'String'");
  std::string what = "operator 'String' of '" + record.qualifiedName() + "'";
  bool ambiguous = false;
  if (auto match = uniqueMatch(e, what, candidates, args, ambiguous))
    return callWithValues(e, candidates[*match], std::move(args));
  if (!ambiguous) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "'" + record.qualifiedName() +
                                "' has no operator 'String' that takes these arguments (MLS 14.3)");
  }
  return std::nullopt;
}

std::optional<Expr> ExpressionLowering::lowerScalarArgument(const ast::Expr& arg) {
  auto t = lower(arg);
  if (!t) return std::nullopt;
  if (!t->isScalar()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, arg.range,
                            "a scalar argument is needed here");
    return std::nullopt;
  }
  return t->scalarValue();
}

} // namespace mocc::frontend

namespace mocc::frontend {

// MLS 9.4.1: Connections.isRoot(A.R) and Connections.rooted(A.R) are answered by the solved
// connection graph; equations asking them wait for it (connection_graph_ops.cpp).
std::optional<Tensor> ExpressionLowering::connectionGraphQuery(const ast::Expr& e,
                                                               const ast::CallExpr& c) {
  std::string name = globalName(c.function);
  const ConnectionGraph* graph = el_.connectionGraph();
  if (!graph) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            "'" + name +
                                "' is supported in equations only (not in bindings or "
                                "algorithms): they are lowered once the connection graph is "
                                "solved");
    return std::nullopt;
  }
  if (c.args.positional.size() != 1 || !c.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, e.range,
                            "expected " + name + "(A.R) with one overdetermined record");
    return std::nullopt;
  }
  auto value = lower(*c.args.positional[0]);
  if (!value) return std::nullopt;
  std::vector<Expr> leaves = value->leaves();
  bool node = (value->isRecord() || value->isScalar()) && !leaves.empty() &&
              leaves.front().kind == Expr::Kind::Variable;
  std::optional<bool> answer;
  if (node && name == "Connections.isRoot") answer = graph->isRoot(leaves.front().variable);
  if (node && name != "Connections.isRoot") answer = graph->rooted(leaves.front().variable);
  if (!answer) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, c.args.positional[0]->range,
                            name == "Connections.isRoot"
                                ? "the argument must be an overdetermined record in a connector "
                                  "(MLS 9.4)"
                                : "the argument must be the first argument of exactly one "
                                  "Connections.branch (MLS 9.4)");
    return std::nullopt;
  }
  return Tensor::scalar(make::literal(Type::Boolean, *answer ? 1 : 0, e.range));
}

// MLS 3.7.4.4: the number of connect-equations (inside and outside) that name the connector
// instance c, after conditional components are removed; equations asking it wait for the
// connections as graph queries do.
std::optional<Tensor> ExpressionLowering::cardinality(const ast::Expr& e, const ast::CallExpr& c) {
  const auto* counts = el_.connectorCardinality();
  if (!counts) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            "'cardinality' is supported in equations only (not in bindings or "
                            "algorithms): they are lowered once the connections are known");
    return std::nullopt;
  }
  if (c.args.positional.size() != 1 || !c.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, e.range,
                            "expected cardinality(c) with one scalar connector");
    return std::nullopt;
  }
  connectorValues_ = true;
  auto value = lower(*c.args.positional[0]);
  connectorValues_ = false;
  if (!value) return std::nullopt;
  std::vector<Expr> leaves = value->leaves();
  bool connector = !value->functional && !value->isRecordArray() &&
                   (value->isRecord() || value->isScalar()) && !leaves.empty() &&
                   std::all_of(leaves.begin(), leaves.end(),
                               [](const Expr& leaf) { return leaf.kind == Expr::Kind::Variable; });
  if (!connector) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, c.args.positional[0]->range,
                            "the argument of cardinality must be a scalar connector (an element "
                            "of an array of connectors, not the array; MLS 3.7.4.4)");
    return std::nullopt;
  }
  auto found = counts->find({leaves.front().variable, leaves.size()});
  int count = found == counts->end() ? 0 : found->second;
  return Tensor::scalar(make::integer(count, e.range));
}

} // namespace mocc::frontend
