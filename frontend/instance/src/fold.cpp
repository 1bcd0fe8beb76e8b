// Folding constant and parameter expressions (MLS 3.8) at compile time: array sizes,
// for-ranges, subscripts, conditions of if-equations and conditional components.
#include "constant_ops.h"
#include "function_builder.h"

#include "mocc/support/builtins.h"

#include <cmath>

namespace mocc::frontend {

namespace {

using flat::Type;

ConstValue number(Type type, double value) { return ConstValue{type, value, ""}; }

Type arithmeticType(const ConstValue& a, const ConstValue& b) {
  return a.type == Type::Integer && b.type == Type::Integer ? Type::Integer : Type::Real;
}

} // namespace

std::optional<ConstValue> foldUnary(flat::UnaryOp op, ConstValue operand) {
  if (op == flat::UnaryOp::Not) return number(Type::Boolean, operand.number == 0);
  if (op == flat::UnaryOp::Minus) operand.number = -operand.number;
  return operand;
}

std::optional<ConstValue> foldBinary(flat::BinaryOp op, const ConstValue& a, const ConstValue& b) {
  using flat::BinaryOp;
  if (a.type == Type::String || b.type == Type::String) {
    if (op == BinaryOp::Add) return ConstValue{Type::String, 0, a.text + b.text};
    if (op == BinaryOp::Eq) return number(Type::Boolean, a.text == b.text);
    if (op == BinaryOp::Ne) return number(Type::Boolean, a.text != b.text);
    return std::nullopt;
  }
  double x = a.number, y = b.number;
  switch (op) {
  case BinaryOp::Add: return number(arithmeticType(a, b), x + y);
  case BinaryOp::Sub: return number(arithmeticType(a, b), x - y);
  case BinaryOp::Mul: return number(arithmeticType(a, b), x * y);
  case BinaryOp::Div: return number(Type::Real, x / y);
  case BinaryOp::Pow: return number(Type::Real, std::pow(x, y));
  case BinaryOp::Lt: return number(Type::Boolean, x < y);
  case BinaryOp::Le: return number(Type::Boolean, x <= y);
  case BinaryOp::Gt: return number(Type::Boolean, x > y);
  case BinaryOp::Ge: return number(Type::Boolean, x >= y);
  case BinaryOp::Eq: return number(Type::Boolean, x == y);
  case BinaryOp::Ne: return number(Type::Boolean, x != y);
  case BinaryOp::And: return number(Type::Boolean, x != 0 && y != 0);
  case BinaryOp::Or: return number(Type::Boolean, x != 0 || y != 0);
  }
  return std::nullopt;
}

// The numeric built-ins compute with the registry's formulas, which the backend's constant
// folding shares (mocc/support/builtins.h).
std::optional<ConstValue> foldBuiltin(const std::string& name, const std::vector<ConstValue>& a,
                                      Type resultType) {
  if (name == "noEvent") return a[0];
  if (name == "smooth") return a[1];
  if (name == "homotopy") return a[0]; // its value outside the initialization (MLS 3.7.4.4)
  const builtins::Function* f = builtins::find(name);
  if (!f || !f->math || a.size() != static_cast<std::size_t>(f->arity)) return std::nullopt;
  std::vector<double> args;
  for (const ConstValue& value : a)
    args.push_back(value.number);
  return number(resultType, builtins::evaluate(*f->math, args));
}

std::optional<ConstValue> Elaborator::fold(const flat::Expr& e, FunctionBuilder* locals) {
  switch (e.kind) {
  case flat::Expr::Kind::Literal: return ConstValue{e.type, e.number, e.text};
  case flat::Expr::Kind::EnumLiteral: return ConstValue{Type::Enumeration, 0, e.text};
  case flat::Expr::Kind::Variable: return foldVariable(e.variable);
  case flat::Expr::Kind::Unary: {
    auto operand = fold(e.args[0], locals);
    if (!operand) return std::nullopt;
    return foldUnary(e.unary, *operand);
  }
  case flat::Expr::Kind::Binary: {
    auto lhs = fold(e.args[0], locals);
    auto rhs = lhs ? fold(e.args[1], locals) : std::nullopt;
    if (!lhs || !rhs) return std::nullopt;
    return foldBinary(e.binary, *lhs, *rhs);
  }
  case flat::Expr::Kind::If: {
    for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
      auto condition = fold(e.args[i], locals);
      if (!condition) return std::nullopt;
      if (condition->number != 0) return fold(e.args[i + 1], locals);
    }
    return fold(e.args.back(), locals);
  }
  case flat::Expr::Kind::Call:
  case flat::Expr::Kind::FunctionCall: {
    std::vector<ConstValue> args;
    for (const flat::Expr& arg : e.args) {
      auto value = fold(arg, locals);
      if (!value) return std::nullopt;
      args.push_back(*value);
    }
    if (e.kind == flat::Expr::Kind::Call) return foldBuiltin(e.text, args, e.type);
    // MLS 12.4: a function of constants is evaluated during translation.
    auto outputs = evaluateFunction(e.variable, args);
    if (!outputs || e.output >= outputs->size()) return std::nullopt;
    return (*outputs)[e.output];
  }
  case flat::Expr::Kind::Local:
  case flat::Expr::Kind::LocalElement: return locals ? locals->constantValue(e) : std::nullopt;
  default: return std::nullopt;
  }
}

// A constant or parameter with a value folds to that value; a parameter without one folds to
// its start value (MLS 8.6). A parameter that is folded fixes the structure.
std::optional<ConstValue> Elaborator::foldVariable(std::uint32_t id) {
  lowerVariable(id);
  flat::Variable& v = variables_[id].variable;
  if (v.variability > flat::Variability::Parameter) return std::nullopt;
  // Peeking marks nothing, so a value once found stands: parameters bound to functions of
  // parameters bound to functions (the Spice3 model cards) are folded once each, not once per
  // path that reads them.
  if (!markStructural_) {
    if (auto found = peekedValues_.find(id); found != peekedValues_.end()) return found->second;
  }
  // A binding that reads itself (`constant Real r = 2 * sin(r)`) has no value; the cycle is
  // reported by the model checks (MLS 4.4.3), folding only must not recurse for ever.
  if (!foldingVariables_.insert(id).second) return std::nullopt;
  std::optional<ConstValue> value;
  if (v.binding) {
    value = fold(*v.binding);
  } else if (v.attributes.start) {
    value = fold(*v.attributes.start);
  } else if (v.variability == flat::Variability::Parameter) {
    value = ConstValue{v.type, 0, ""}; // the default start value (MLS 4.8)
  }
  foldingVariables_.erase(id);
  if (value && v.variability == flat::Variability::Parameter && markStructural_) {
    variables_[id].variable.structural = true;
  }
  if (value && !markStructural_) peekedValues_[id] = *value;
  return value;
}

template <class Fold> std::optional<ConstValue> Elaborator::withoutMarking(Fold&& fold) {
  bool saved = markStructural_;
  markStructural_ = false;
  auto value = fold();
  markStructural_ = saved;
  return value;
}

std::optional<ConstValue> Elaborator::peekValue(std::uint32_t id) {
  return withoutMarking([&] { return foldVariable(id); });
}

std::optional<ConstValue> Elaborator::peek(const flat::Expr& e, FunctionBuilder* locals) {
  return withoutMarking([&] { return fold(e, locals); });
}

std::optional<long long> Elaborator::evaluateInteger(const ast::Expr& e,
                                                     const LowerContext& context,
                                                     const std::string& what) {
  auto value = lowerScalar(e, context);
  if (!value) return std::nullopt;
  auto folded = fold(*value, context.function);
  if (!folded || (folded->type != Type::Integer && folded->type != Type::Enumeration)) {
    diagnostics().error(DiagnosticKind::NotConstant, e.range,
                        what + " must be a constant Integer expression (of constants and "
                               "parameters with values)");
    return std::nullopt;
  }
  return static_cast<long long>(folded->number);
}

std::optional<bool> Elaborator::evaluateBoolean(const ast::Expr& e, const LowerContext& context,
                                                const std::string& what) {
  auto value = lowerScalar(e, context);
  if (!value) return std::nullopt;
  auto folded = fold(*value, context.function);
  if (!folded || folded->type != Type::Boolean) {
    diagnostics().error(DiagnosticKind::NotConstant, e.range,
                        what + " must be a constant Boolean expression (of constants and "
                               "parameters with values)");
    return std::nullopt;
  }
  return folded->number != 0;
}

} // namespace mocc::frontend
