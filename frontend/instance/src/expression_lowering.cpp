// Expression lowering: AST expressions to typed flat expressions (MLS chapter 3).
#include "expression_lowering.h"

#include "name_suggestion.h"

#include <algorithm>
#include <array>

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

std::optional<std::uint32_t> Scope::find(const std::string& name) const {
  auto found = names_.find(name);
  if (found == names_.end()) return std::nullopt;
  return found->second;
}

std::vector<std::string> Scope::names() const {
  std::vector<std::string> result;
  for (const auto& entry : names_)
    result.push_back(entry.first);
  return result;
}

bool isNumeric(Type type) { return type == Type::Real || type == Type::Integer; }

const char* typeName(Type type) { return flat::spelling(type); }

namespace {

// Built-in mathematical functions (MLS 3.7.1-3.7.3) with their arity. `integerPreserving`
// functions return Integer for Integer arguments; `integerResult` ones always do.
struct MathFunction {
  const char* name;
  std::size_t arity;
  bool integerPreserving;
  bool integerResult;
};

constexpr std::array kMathFunctions = {
    MathFunction{"sin", 1, false, false},   MathFunction{"cos", 1, false, false},
    MathFunction{"tan", 1, false, false},   MathFunction{"asin", 1, false, false},
    MathFunction{"acos", 1, false, false},  MathFunction{"atan", 1, false, false},
    MathFunction{"atan2", 2, false, false}, MathFunction{"sinh", 1, false, false},
    MathFunction{"cosh", 1, false, false},  MathFunction{"tanh", 1, false, false},
    MathFunction{"exp", 1, false, false},   MathFunction{"log", 1, false, false},
    MathFunction{"log10", 1, false, false}, MathFunction{"sqrt", 1, false, false},
    MathFunction{"abs", 1, true, false},    MathFunction{"sign", 1, false, true},
    MathFunction{"min", 2, true, false},    MathFunction{"max", 2, true, false},
    MathFunction{"floor", 1, false, false}, MathFunction{"ceil", 1, false, false},
    MathFunction{"div", 2, true, false},    MathFunction{"mod", 2, true, false},
    MathFunction{"rem", 2, true, false},    MathFunction{"integer", 1, false, true},
};

// Operators with special argument rules (MLS 3.7.4, 3.7.5).
constexpr std::array<const char*, 9> kOperators = {
    "der", "pre", "edge", "change", "initial", "terminal", "sample", "noEvent", "smooth"};

// Names that are equations or statements, not functions usable in expressions.
constexpr std::array<const char*, 3> kEquationOperators = {"reinit", "assert", "terminate"};

const MathFunction* findMathFunction(const std::string& name) {
  for (const MathFunction& f : kMathFunctions) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

template <std::size_t N>
bool contains(const std::array<const char*, N>& names, const std::string& name) {
  return std::find_if(names.begin(), names.end(), [&](const char* n) { return name == n; }) !=
         names.end();
}

std::vector<std::string> knownFunctionNames() {
  std::vector<std::string> names;
  for (const MathFunction& f : kMathFunctions)
    names.emplace_back(f.name);
  for (const char* op : kOperators)
    names.emplace_back(op);
  return names;
}

Expr makeCall(const ast::Expr& e, std::string name, Type type, std::vector<Expr> args) {
  Expr call;
  call.kind = Expr::Kind::Call;
  call.type = type;
  call.range = e.range;
  call.text = std::move(name);
  call.args = std::move(args);
  return call;
}

// On scalars the element-wise operators are the plain ones (MLS 10.6).
flat::BinaryOp scalarForm(ast::BinaryOp op) {
  switch (op) {
  case ast::BinaryOp::Add:
  case ast::BinaryOp::ElemAdd: return flat::BinaryOp::Add;
  case ast::BinaryOp::Sub:
  case ast::BinaryOp::ElemSub: return flat::BinaryOp::Sub;
  case ast::BinaryOp::Mul:
  case ast::BinaryOp::ElemMul: return flat::BinaryOp::Mul;
  case ast::BinaryOp::Div:
  case ast::BinaryOp::ElemDiv: return flat::BinaryOp::Div;
  case ast::BinaryOp::Pow:
  case ast::BinaryOp::ElemPow: return flat::BinaryOp::Pow;
  case ast::BinaryOp::Lt: return flat::BinaryOp::Lt;
  case ast::BinaryOp::Le: return flat::BinaryOp::Le;
  case ast::BinaryOp::Gt: return flat::BinaryOp::Gt;
  case ast::BinaryOp::Ge: return flat::BinaryOp::Ge;
  case ast::BinaryOp::Eq: return flat::BinaryOp::Eq;
  case ast::BinaryOp::Ne: return flat::BinaryOp::Ne;
  case ast::BinaryOp::And: return flat::BinaryOp::And;
  case ast::BinaryOp::Or: return flat::BinaryOp::Or;
  }
  return flat::BinaryOp::Add;
}

bool isArithmetic(flat::BinaryOp op) { return op <= flat::BinaryOp::Pow; }

bool isRelation(flat::BinaryOp op) { return op >= flat::BinaryOp::Lt && op <= flat::BinaryOp::Ne; }

const char* constructName(const ast::Expr& e) {
  if (std::holds_alternative<ast::RangeExpr>(e.node)) return "range expressions";
  if (std::holds_alternative<ast::ArrayExpr>(e.node)) return "array constructors";
  if (std::holds_alternative<ast::MatrixExpr>(e.node)) return "matrix constructors";
  if (std::holds_alternative<ast::TupleExpr>(e.node)) return "tuple expressions";
  if (std::holds_alternative<ast::EndExpr>(e.node)) return "'end' expressions";
  if (std::holds_alternative<ast::PartialFunctionExpr>(e.node)) return "functional arguments";
  return "these expressions";
}

} // namespace

std::optional<Expr> ExpressionLowering::lower(const ast::Expr& e, LoweringContext context) {
  if (auto* n = std::get_if<ast::NumberLiteral>(&e.node)) {
    return Expr::literal(n->isInteger ? Type::Integer : Type::Real, n->value, e.range);
  }
  if (auto* s = std::get_if<ast::StringLiteral>(&e.node)) return Expr::string(s->value, e.range);
  if (auto* b = std::get_if<ast::BooleanLiteral>(&e.node)) {
    return Expr::literal(Type::Boolean, b->value ? 1 : 0, e.range);
  }
  if (auto* r = std::get_if<ast::RefExpr>(&e.node)) return reference(e, r->ref);
  if (auto* c = std::get_if<ast::CallExpr>(&e.node)) return call(e, *c, context);
  if (auto* u = std::get_if<ast::UnaryExpr>(&e.node)) return unary(e, *u);
  if (auto* b = std::get_if<ast::BinaryExpr>(&e.node)) return binary(e, *b);
  if (auto* i = std::get_if<ast::IfExpr>(&e.node)) return ifExpression(e, *i);
  if (auto* a = std::get_if<ast::ArrayExpr>(&e.node); a && context.whenCondition) {
    return booleanVector(e, *a);
  }
  unsupported(e, std::string(constructName(e)) + " are not supported yet");
  return std::nullopt;
}

std::optional<Expr> ExpressionLowering::lowerExpecting(const ast::Expr& e, std::vector<Type> types,
                                                       const std::string& what,
                                                       LoweringContext context) {
  auto lowered = lower(e, context);
  if (!lowered) return std::nullopt;
  if (std::find(types.begin(), types.end(), lowered->type) != types.end()) return lowered;
  if (lowered->type == Type::Integer &&
      std::find(types.begin(), types.end(), Type::Real) != types.end()) {
    return lowered; // Integer converts to Real implicitly (MLS 10.6.13)
  }
  std::string expected;
  for (Type t : types)
    expected += (expected.empty() ? "" : " or ") + std::string(typeName(t));
  diagnostics_.error(DiagnosticKind::TypeMismatch, e.range,
                     what + " must be " + expected + ", but this expression is " +
                         typeName(lowered->type));
  return std::nullopt;
}

void ExpressionLowering::unsupported(const ast::Expr& e, const std::string& what) {
  diagnostics_.error(DiagnosticKind::Unsupported, e.range, what);
}

std::optional<Expr> ExpressionLowering::reference(const ast::Expr& e,
                                                  const ast::ComponentRef& ref) {
  for (const ast::RefPart& part : ref.parts) {
    if (!part.subscripts.empty()) {
      unsupported(e, "array subscripts are not supported yet");
      return std::nullopt;
    }
  }
  if (ref.parts.size() == 2 && !ref.global &&
      (ref.parts[0].ident == "StateSelect" || ref.parts[0].ident == "AssertionLevel")) {
    static const std::vector<std::string> stateSelect = {"never", "avoid", "default", "prefer",
                                                         "always"};
    static const std::vector<std::string> assertionLevel = {"error", "warning"};
    const auto& literals = ref.parts[0].ident == "StateSelect" ? stateSelect : assertionLevel;
    if (std::find(literals.begin(), literals.end(), ref.parts[1].ident) == literals.end()) {
      auto& d = diagnostics_.error(DiagnosticKind::UndefinedName, e.range,
                                   "'" + ref.parts[1].ident + "' is not a literal of " +
                                       ref.parts[0].ident);
      if (auto suggestion = nearestName(ref.parts[1].ident, literals)) {
        d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
      }
      return std::nullopt;
    }
    Expr literal;
    literal.kind = Expr::Kind::EnumLiteral;
    literal.type = Type::Enumeration;
    literal.range = e.range;
    literal.text = ref.parts[0].ident + "." + ref.parts[1].ident;
    return literal;
  }
  std::string name = ref.parts.size() == 1 && !ref.global ? ref.parts[0].ident : ref.str();
  if (name == "time") {
    Expr t;
    t.kind = Expr::Kind::Time;
    t.type = Type::Real;
    t.range = e.range;
    return t;
  }
  if (auto index = scope_.find(name)) {
    Expr v;
    v.kind = Expr::Kind::Variable;
    v.type = model_.variables[*index].type;
    v.variable = *index;
    v.range = e.range;
    return v;
  }
  auto& d =
      diagnostics_.error(DiagnosticKind::UndefinedName, e.range, "undefined name '" + name + "'");
  if (ref.parts.size() > 1) {
    d.notes.push_back({{},
                       "components of class type and library lookups are not supported "
                       "yet; only variables of this class and 'time' can be used"});
  } else if (auto suggestion = nearestName(name, scope_.names())) {
    d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
  }
  return std::nullopt;
}

std::optional<Expr> ExpressionLowering::call(const ast::Expr& e, const ast::CallExpr& c,
                                             LoweringContext context) {
  const ast::ComponentRef& fn = c.function;
  if (fn.global || fn.parts.size() != 1 || !fn.parts[0].subscripts.empty()) {
    diagnostics_.error(DiagnosticKind::Unsupported, fn.range,
                       "call of '" + fn.str() +
                           "': qualified function names are not supported yet");
    return std::nullopt;
  }
  const std::string& name = fn.parts[0].ident;
  if (contains(kEquationOperators, name)) {
    diagnostics_.error(DiagnosticKind::InvalidOperator, fn.range,
                       "'" + name + "' is an equation, not an expression; it must stand alone");
    return std::nullopt;
  }
  bool known = findMathFunction(name) || contains(kOperators, name);
  if (!known) {
    auto& d = diagnostics_.error(DiagnosticKind::UndefinedName, fn.range,
                                 "undefined function '" + name + "'");
    if (auto suggestion = nearestName(name, knownFunctionNames())) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    } else {
      d.notes.push_back({{}, "user-defined functions are not supported yet"});
    }
    return std::nullopt;
  }
  if (!c.args.named.empty()) {
    diagnostics_.error(DiagnosticKind::WrongArguments, c.args.named.front().range,
                       "'" + name + "' takes no named arguments");
    return std::nullopt;
  }
  if (!c.args.iterators.empty()) {
    unsupported(e, "reduction expressions are not supported yet");
    return std::nullopt;
  }
  std::vector<Expr> args;
  bool ok = true;
  for (const ast::ExprPtr& arg : c.args.positional) {
    auto lowered = lower(*arg);
    if (lowered) {
      args.push_back(std::move(*lowered));
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  if (findMathFunction(name)) return mathCall(e, name, std::move(args));
  return operatorCall(e, name, std::move(args));
}

bool ExpressionLowering::checkArgumentCount(const ast::Expr& e, const std::string& name,
                                            std::size_t count, std::size_t minimum,
                                            std::size_t maximum) {
  if (count >= minimum && count <= maximum) return true;
  std::string expected = minimum == maximum
                             ? std::to_string(minimum)
                             : std::to_string(minimum) + " to " + std::to_string(maximum);
  diagnostics_.error(DiagnosticKind::WrongArguments, e.range,
                     "'" + name + "' takes " + expected + " argument" + (maximum == 1 ? "" : "s") +
                         ", but " + std::to_string(count) + (count == 1 ? " was" : " were") +
                         " given");
  return false;
}

bool ExpressionLowering::checkNumeric(const Expr& arg, const std::string& function,
                                      std::size_t position) {
  if (isNumeric(arg.type)) return true;
  diagnostics_.error(DiagnosticKind::TypeMismatch, arg.range,
                     "argument " + std::to_string(position) + " of '" + function +
                         "' must be Real or Integer, but it is " + typeName(arg.type));
  return false;
}

bool ExpressionLowering::checkVariable(const Expr& arg, const std::string& function) {
  if (arg.kind == Expr::Kind::Variable) return true;
  diagnostics_.error(DiagnosticKind::WrongArguments, arg.range,
                     "the argument of '" + function + "' must be a variable (MLS 3.7.5)");
  return false;
}

std::optional<Expr> ExpressionLowering::mathCall(const ast::Expr& e, const std::string& name,
                                                 std::vector<Expr> args) {
  const MathFunction& f = *findMathFunction(name);
  if (!checkArgumentCount(e, name, args.size(), f.arity, f.arity)) return std::nullopt;
  bool allInteger = true;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!checkNumeric(args[i], name, i + 1)) return std::nullopt;
    allInteger = allInteger && args[i].type == Type::Integer;
  }
  Type result = f.integerResult || (f.integerPreserving && allInteger) ? Type::Integer : Type::Real;
  return makeCall(e, name, result, std::move(args));
}

std::optional<Expr> ExpressionLowering::operatorCall(const ast::Expr& e, const std::string& name,
                                                     std::vector<Expr> args) {
  std::size_t n = args.size();
  if (name == "initial" || name == "terminal") {
    if (!checkArgumentCount(e, name, n, 0, 0)) return std::nullopt;
    return makeCall(e, name, Type::Boolean, {});
  }
  if (name == "der") {
    if (!checkArgumentCount(e, name, n, 1, 1)) return std::nullopt;
    if (args[0].kind != Expr::Kind::Variable) {
      unsupported(e, "der() of an expression is not supported yet; introduce a variable for it");
      return std::nullopt;
    }
    if (args[0].type != Type::Real) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, args[0].range,
                         "der() needs a Real variable, but this one is " +
                             std::string(typeName(args[0].type)));
      return std::nullopt;
    }
    return makeCall(e, name, Type::Real, std::move(args));
  }
  if (name == "pre" || name == "edge" || name == "change") {
    if (!checkArgumentCount(e, name, n, 1, 1) || !checkVariable(args[0], name)) {
      return std::nullopt;
    }
    if (name == "edge" && args[0].type != Type::Boolean) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, args[0].range,
                         "edge() needs a Boolean variable, but this one is " +
                             std::string(typeName(args[0].type)));
      return std::nullopt;
    }
    Type type = name == "pre" ? args[0].type : Type::Boolean;
    return makeCall(e, name, type, std::move(args));
  }
  if (name == "sample") {
    if (!checkArgumentCount(e, name, n, 2, 2)) return std::nullopt;
    if (!checkNumeric(args[0], name, 1) || !checkNumeric(args[1], name, 2)) return std::nullopt;
    return makeCall(e, name, Type::Boolean, std::move(args));
  }
  if (name == "noEvent") {
    if (!checkArgumentCount(e, name, n, 1, 1)) return std::nullopt;
    Type type = args[0].type;
    return makeCall(e, name, type, std::move(args));
  }
  // smooth(p, expr) (MLS 3.7.5): only a promise of differentiability; events still occur.
  if (!checkArgumentCount(e, name, n, 2, 2)) return std::nullopt;
  if (args[0].type != Type::Integer) {
    diagnostics_.error(DiagnosticKind::TypeMismatch, args[0].range,
                       "the first argument of smooth() must be an Integer order");
    return std::nullopt;
  }
  Type type = args[1].type;
  return makeCall(e, name, type, std::move(args));
}

std::optional<Expr> ExpressionLowering::unary(const ast::Expr& e, const ast::UnaryExpr& u) {
  auto operand = lower(*u.operand);
  if (!operand) return std::nullopt;
  bool logical = u.op == ast::UnaryOp::Not;
  if (logical ? operand->type != Type::Boolean : !isNumeric(operand->type)) {
    diagnostics_.error(DiagnosticKind::TypeMismatch, e.range,
                       std::string("operand of '") + ast::spelling(u.op) + "' must be " +
                           (logical ? "Boolean" : "Real or Integer") + ", but it is " +
                           typeName(operand->type));
    return std::nullopt;
  }
  Expr result;
  result.kind = Expr::Kind::Unary;
  result.type = operand->type;
  result.range = e.range;
  result.unary = u.op == ast::UnaryOp::Not ? flat::UnaryOp::Not
                 : u.op == ast::UnaryOp::Minus || u.op == ast::UnaryOp::ElemMinus
                     ? flat::UnaryOp::Minus
                     : flat::UnaryOp::Plus;
  result.args.push_back(std::move(*operand));
  return result;
}

std::optional<Expr> ExpressionLowering::binary(const ast::Expr& e, const ast::BinaryExpr& b) {
  auto lhs = lower(*b.lhs);
  auto rhs = lower(*b.rhs);
  if (!lhs || !rhs) return std::nullopt;
  flat::BinaryOp op = scalarForm(b.op);
  Type result = Type::Boolean;
  auto mismatch = [&](const std::string& expected) {
    diagnostics_.error(DiagnosticKind::TypeMismatch, e.range,
                       std::string("operands of '") + ast::spelling(b.op) + "' must be " +
                           expected + ", but they are " + typeName(lhs->type) + " and " +
                           typeName(rhs->type));
    return std::nullopt;
  };
  if (isArithmetic(op)) {
    bool strings =
        op == flat::BinaryOp::Add && lhs->type == Type::String && rhs->type == Type::String;
    if (!strings && (!isNumeric(lhs->type) || !isNumeric(rhs->type))) {
      return mismatch("Real or Integer");
    }
    bool integerOp =
        op == flat::BinaryOp::Add || op == flat::BinaryOp::Sub || op == flat::BinaryOp::Mul;
    result = strings                                                                 ? Type::String
             : integerOp && lhs->type == Type::Integer && rhs->type == Type::Integer ? Type::Integer
                                                                                     : Type::Real;
  } else if (isRelation(op)) {
    bool comparable = (isNumeric(lhs->type) && isNumeric(rhs->type)) ||
                      (lhs->type == rhs->type && lhs->type != Type::Enumeration);
    if (!comparable) return mismatch("both numeric, both Boolean or both String");
    bool equality = op == flat::BinaryOp::Eq || op == flat::BinaryOp::Ne;
    if (equality && (lhs->type == Type::Real || rhs->type == Type::Real)) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, e.range,
                         std::string("'") + ast::spelling(b.op) +
                             "' must not compare Real operands outside functions (MLS 3.5); "
                             "use a relation such as '>=' instead");
      return std::nullopt;
    }
  } else if (lhs->type != Type::Boolean || rhs->type != Type::Boolean) {
    return mismatch("Boolean");
  }
  Expr out;
  out.kind = Expr::Kind::Binary;
  out.type = result;
  out.range = e.range;
  out.binary = op;
  out.args.push_back(std::move(*lhs));
  out.args.push_back(std::move(*rhs));
  return out;
}

std::optional<Expr> ExpressionLowering::ifExpression(const ast::Expr& e, const ast::IfExpr& i) {
  Expr out;
  out.kind = Expr::Kind::If;
  out.range = e.range;
  bool ok = true;
  std::vector<Expr> values;
  for (const ast::IfBranch& branch : i.branches) {
    auto condition = lowerExpecting(*branch.condition, {Type::Boolean}, "an if-condition");
    auto value = lower(*branch.value);
    if (!condition || !value) {
      ok = false;
      continue;
    }
    out.args.push_back(std::move(*condition));
    out.args.push_back(*value);
    values.push_back(std::move(*value));
  }
  auto elseValue = lower(*i.elseValue);
  if (!ok || !elseValue) return std::nullopt;
  values.push_back(*elseValue);
  out.args.push_back(std::move(*elseValue));
  Type type = values.front().type;
  for (const Expr& v : values) {
    if (v.type == type) continue;
    if (isNumeric(v.type) && isNumeric(type)) {
      type = Type::Real;
      continue;
    }
    diagnostics_.error(DiagnosticKind::TypeMismatch, v.range,
                       std::string("the branches of an if-expression must have compatible "
                                   "types, but this one is ") +
                           typeName(v.type) + " and another is " + typeName(type));
    return std::nullopt;
  }
  out.type = type;
  return out;
}

std::optional<Expr> ExpressionLowering::booleanVector(const ast::Expr& e, const ast::ArrayExpr& a) {
  if (!a.args.iterators.empty() || !a.args.named.empty() || a.args.positional.empty()) {
    unsupported(e, "a when-condition vector must list its Boolean elements: {c1, c2}");
    return std::nullopt;
  }
  std::vector<Expr> elements;
  for (const ast::ExprPtr& element : a.args.positional) {
    auto lowered = lowerExpecting(*element, {Type::Boolean}, "an element of a when-condition");
    if (!lowered) return std::nullopt;
    elements.push_back(std::move(*lowered));
  }
  return makeCall(e, "array", Type::Boolean, std::move(elements));
}

flat::Variability variabilityOf(const flat::Model& model, const Expr& e) {
  using flat::Variability;
  switch (e.kind) {
  case Expr::Kind::Literal:
  case Expr::Kind::EnumLiteral: return Variability::Constant;
  case Expr::Kind::Time: return Variability::Continuous;
  case Expr::Kind::Variable: return model.variables[e.variable].variability;
  case Expr::Kind::Call:
    if (e.text == "der") return Variability::Continuous;
    if (e.text == "pre" || e.text == "edge" || e.text == "change" || e.text == "sample" ||
        e.text == "initial" || e.text == "terminal") {
      return Variability::Discrete;
    }
    break;
  default: break;
  }
  Variability highest = Variability::Constant;
  for (const Expr& arg : e.args)
    highest = std::max(highest, variabilityOf(model, arg));
  return highest;
}

} // namespace mocc::frontend
