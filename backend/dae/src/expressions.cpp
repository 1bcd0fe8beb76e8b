// Translating flat expressions into the expression DAG: constants folded, der() turned into
// derivative variables, edge/change expanded (MLS 3.7.5). Inside a function body (function_
// set) only constants, function variables and calls can be read.
#include "builder.h"

#include "mocc/dae/function_derivatives.h"
#include "mocc/expr/differentiate.h"

#include "mocc/expr/builtins.h"

namespace mocc::dae {

std::optional<expr::Id> SystemBuilder::translate(const flat::Expr& e) {
  expr::Pool& pool = system_.pool;
  switch (e.kind) {
  case flat::Expr::Kind::Literal:
    if (e.type == flat::Type::String) return pool.string(e.text);
    return pool.constant(exprType(e.type), e.number);
  case flat::Expr::Kind::Variable: return variable(e);
  case flat::Expr::Kind::Time:
    if (function_) {
      notInFunction("time", e.range);
      return std::nullopt;
    }
    return pool.time();
  case flat::Expr::Kind::Call: return call(e);
  case flat::Expr::Kind::Unary: return unary(e);
  case flat::Expr::Kind::Binary: return binary(e);
  case flat::Expr::Kind::If: return ifExpression(e);
  case flat::Expr::Kind::EnumLiteral: break;
  case flat::Expr::Kind::FunctionCall: return functionCall(e);
  case flat::Expr::Kind::Local: return local(e);
  case flat::Expr::Kind::LocalElement: return localElement(e);
  }
  diagnostics_.error(DiagnosticKind::Unsupported, e.range,
                     "this expression cannot be used here: only numbers, Booleans and Strings "
                     "can be computed in equations");
  return std::nullopt;
}

std::optional<expr::Id> SystemBuilder::variable(const flat::Expr& e) {
  if (daeIndex_[e.variable] == kNone) return constant(e.variable, e.range);
  if (function_) {
    notInFunction("model variable '" + model_.variables[e.variable].name + "'", e.range);
    return std::nullopt;
  }
  return system_.ref(daeIndex_[e.variable]);
}

// Constants are replaced by their values wherever they are used (MLS 4.4.4: a constant's
// value is fixed before simulation), so the DAE never stores them.
std::optional<expr::Id> SystemBuilder::constant(std::uint32_t flatIndex, SourceRange use) {
  const flat::Variable& v = model_.variables[flatIndex];
  switch (constantState_[flatIndex]) {
  case ConstantState::Done: return constantValue_[flatIndex];
  case ConstantState::Failed: return std::nullopt;
  case ConstantState::Evaluating:
    diagnostics_.error(DiagnosticKind::NotConstant, v.range,
                       "constant '" + v.name + "' is defined in terms of itself");
    constantState_[flatIndex] = ConstantState::Failed;
    return std::nullopt;
  case ConstantState::Unvisited: break;
  }
  constantState_[flatIndex] = ConstantState::Evaluating;
  std::optional<expr::Id> value = v.binding ? translate(*v.binding) : std::nullopt;
  if (constantState_[flatIndex] == ConstantState::Failed) return std::nullopt;
  if (!value || !system_.pool.isConstant(*value)) {
    if (value) {
      diagnostics_.error(DiagnosticKind::NotConstant, v.binding->range,
                         "the value of constant '" + v.name + "' cannot be evaluated");
    }
    constantState_[flatIndex] = ConstantState::Failed;
    return std::nullopt;
  }
  // Integer constants used as Reals stay exact: the node keeps the declared type.
  constantValue_[flatIndex] =
      system_.pool.constant(exprType(v.type), system_.pool.constantValue(*value));
  constantState_[flatIndex] = ConstantState::Done;
  return constantValue_[flatIndex];
}

std::optional<std::uint32_t> SystemBuilder::variableIndex(const flat::Expr& e) {
  if (e.kind != flat::Expr::Kind::Variable || daeIndex_[e.variable] == kNone) {
    diagnostics_.error(DiagnosticKind::WrongArguments, e.range,
                       "a variable is needed here, not a constant or an expression");
    return std::nullopt;
  }
  return daeIndex_[e.variable];
}

std::optional<std::vector<expr::Id>>
SystemBuilder::translateAll(const std::vector<flat::Expr>& exprs) {
  std::vector<expr::Id> ids;
  ids.reserve(exprs.size());
  for (const flat::Expr& e : exprs) {
    auto translated = translate(e);
    if (!translated) return std::nullopt;
    ids.push_back(*translated);
  }
  return ids;
}

std::optional<expr::Id> SystemBuilder::derivative(const flat::Expr& argument) {
  if (argument.kind != flat::Expr::Kind::Variable) return derivativeOfExpression(argument);
  // der(c) of a constant is 0 (MLS 3.7.4.2: der of a constant or parameter expression).
  if (model_.variables[argument.variable].variability == flat::Variability::Constant)
    return system_.pool.real(0);
  auto state = variableIndex(argument);
  if (!state) return std::nullopt;
  Variable& s = system_.variables[*state];
  if (s.kind == VariableKind::Parameter) return system_.pool.real(0); // der(p) = 0
  if (s.kind == VariableKind::Discrete) {
    diagnostics_.error(DiagnosticKind::InvalidDerivative, argument.range,
                       "der() of discrete variable '" + s.name + "' (MLS 3.8.4)");
    return std::nullopt;
  }
  return derivativeVariable(*state, argument.range);
}

// MLS 3.7.4: der(expr) is the time derivative of the expression: the chain rule over its
// variables, whose derivatives become unknowns (their variables states or, after index
// reduction, dummy states); parameters and discrete-time variables are constant between
// events, so they contribute nothing.
std::optional<expr::Id> SystemBuilder::derivativeOfExpression(const flat::Expr& argument) {
  auto value = translate(argument);
  if (!value) return std::nullopt;
  expr::DerivativeRules rules;
  rules.variable = [this, &argument](std::uint32_t v) -> expr::Id {
    const Variable& variable = system_.variables[v];
    bool piecewiseConstant = variable.kind == VariableKind::Parameter ||
                             variable.kind == VariableKind::Discrete ||
                             variable.type != expr::Type::Real;
    return piecewiseConstant ? system_.pool.real(0) : derivativeVariable(v, argument.range);
  };
  rules.function = functionDerivatives(system_);
  rules.linearTail = derivativeFunctionTails(system_);
  rules.inlined = inlinedFunctions(system_);
  expr::Differentiator ddt(system_.pool, rules);
  auto derivative = ddt(*value);
  if (!derivative) {
    diagnostics_.error(DiagnosticKind::InvalidDerivative, argument.range,
                       "der() of this expression cannot be formed: " + ddt.failure());
  }
  return derivative;
}

// The derivative variable of variable `index`, made on demand; the variable becomes a state.
expr::Id SystemBuilder::derivativeVariable(std::uint32_t index, SourceRange range) {
  Variable& s = system_.variables[index];
  if (s.derivative == kNone) {
    Variable d;
    d.name = "der(" + s.name + ")";
    d.type = expr::Type::Real;
    d.kind = VariableKind::Derivative;
    d.state = index;
    d.range = range;
    s.derivative = static_cast<std::uint32_t>(system_.variables.size());
    s.kind = VariableKind::State;
    system_.variables.push_back(std::move(d));
  }
  return system_.ref(system_.variables[index].derivative);
}

std::optional<expr::Id> SystemBuilder::call(const flat::Expr& e) {
  expr::Pool& pool = system_.pool;
  const std::string& name = e.text;
  if (function_ && (name == "der" || name == "initial" || name == "terminal" || name == "pre" ||
                    name == "edge" || name == "change" || name == "sample" || name == "delay")) {
    notInFunction(name + "()", e.range);
    return std::nullopt;
  }
  if (name == "der") return derivative(e.args[0]);
  if (name == "initial") return pool.initial();
  if (name == "terminal") return pool.terminal();
  if (name == "pre" || name == "edge" || name == "change") {
    auto index = variableIndex(e.args[0]);
    if (!index) return std::nullopt;
    expr::Id current = system_.ref(*index);
    expr::Id previous = pool.pre(*index, system_.variables[*index].type);
    if (name == "pre") return previous;
    if (name == "edge") return pool.logicalAnd(current, pool.logicalNot(previous));
    return pool.compare(expr::Op::Ne, current, previous);
  }
  std::vector<expr::Id> args;
  for (const flat::Expr& arg : e.args) {
    auto translated = translate(arg);
    if (!translated) return std::nullopt;
    args.push_back(*translated);
  }
  if (name == "noEvent") return pool.noEvent(args[0]);
  if (name == "smooth") return args[1]; // a differentiability promise; events still occur
  // MLS 3.7.4.4: inside a function there is no homotopy path to follow: the actual value.
  if (name == "homotopy") return function_ ? args[0] : pool.homotopy(args[0], args[1]);
  if (name == "sample") return pool.sample(args[0], args[1]);
  if (name == "delay") return delay(e, args);
  if (name == "String" && e.args.size() >= 5) return stringConversion(e, args[0]);
  if (auto builtin = expr::builtinByName(name)) return pool.call(*builtin, args);
  diagnostics_.error(DiagnosticKind::Unsupported, e.range,
                     "'" + name + "(...)' cannot be used in an expression here");
  return std::nullopt;
}

// MLS 3.7.4.2: delay(e, d) is delay(e, d, d). The frontend checked 0 <= delayTime <= delayMax
// where both are constants; otherwise an assert checks it wherever asserts are checked, once
// per pair of expressions.
expr::Id SystemBuilder::delay(const flat::Expr& e, const std::vector<expr::Id>& args) {
  expr::Pool& pool = system_.pool;
  expr::Id time = args[1], maximum = args.size() > 2 ? args[2] : args[1];
  bool twoArguments = time == maximum;
  expr::Id zero = pool.real(0);
  expr::Id valid = pool.compare(expr::Op::Ge, time, zero);
  if (!twoArguments) valid = pool.logicalAnd(valid, pool.compare(expr::Op::Le, time, maximum));
  if (!pool.isConstant(valid) && checkedDelays_.insert({time.value, maximum.value}).second) {
    Assertion check;
    check.condition = valid;
    check.range = e.range;
    check.message.texts = {"the delayTime of delay() is "};
    check.message.values.push_back(sim::MessageValue{});
    check.values.push_back(time);
    if (twoArguments) {
      check.message.texts.push_back(", but it must not be negative (MLS 3.7.4.2)");
    } else {
      check.message.texts.push_back(", but it must lie between 0 and delayMax = ");
      check.message.values.push_back(sim::MessageValue{});
      check.values.push_back(maximum);
      check.message.texts.push_back(" (MLS 3.7.4.2)");
    }
    system_.assertions.push_back(std::move(check));
  }
  return pool.delay(args[0], time, maximum);
}

// String(value, significantDigits, minimumLength, leftJustified, format, literals...) as the
// frontend lowers it (MLS 3.7.4.5): the kind of the value and the options, as a message shows
// them.
std::optional<sim::MessageValue> SystemBuilder::stringOptions(const flat::Expr& e) {
  using Format = sim::MessageValue::Format;
  sim::MessageValue value;
  switch (e.args[0].type) {
  case flat::Type::Real: value.format = Format::Real; break;
  case flat::Type::Integer: value.format = Format::Integer; break;
  case flat::Type::Boolean: value.format = Format::Boolean; break;
  case flat::Type::Enumeration: value.format = Format::Enumeration; break;
  case flat::Type::String:
    diagnostics_.error(DiagnosticKind::WrongArguments, e.range,
                       "String() takes a Real, Integer, Boolean or enumeration value (MLS "
                       "3.7.4.5)");
    return std::nullopt;
  }
  value.significantDigits = static_cast<std::int32_t>(e.args[1].number);
  value.minimumLength = static_cast<std::int32_t>(std::max(0.0, e.args[2].number));
  value.leftJustified = e.args[3].number != 0;
  value.formatSpec = e.args[4].text;
  for (std::size_t i = 5; i < e.args.size(); ++i)
    value.literals.push_back(e.args[i].text);
  return value;
}

// String() in an expression: numbers are written by the runtime (model.h, mocc_text), as
// messages write them; Booleans and enumerations choose among their texts, padded here.
std::optional<expr::Id> SystemBuilder::stringConversion(const flat::Expr& e, expr::Id value) {
  using Format = sim::MessageValue::Format;
  auto options = stringOptions(e);
  if (!options) return std::nullopt;
  expr::Pool& pool = system_.pool;
  auto text = [&](const std::string& t) {
    auto length = static_cast<std::size_t>(options->minimumLength);
    if (t.size() >= length) return pool.string(t);
    std::string blanks(length - t.size(), ' ');
    return pool.string(options->leftJustified ? t + blanks : blanks + t);
  };
  expr::Id length = pool.integer(options->minimumLength);
  expr::Id leftJustified = pool.boolean(options->leftJustified);
  switch (options->format) {
  case Format::Real: {
    if (!options->formatSpec.empty()) {
      const expr::Id operands[] = {value, pool.string(options->formatSpec)};
      return pool.call(expr::Builtin::RealFormat, operands);
    }
    const expr::Id operands[] = {value, pool.integer(options->significantDigits), length,
                                 leftJustified};
    return pool.call(expr::Builtin::RealString, operands);
  }
  case Format::Boolean: return pool.ifThenElse(value, text("true"), text("false"));
  case Format::Enumeration: {
    // if e == 1 then "first" elseif e == 2 then ... else "last"
    const std::vector<std::string>& names = options->literals;
    expr::Id result = text(names.empty() ? "" : names.back());
    for (std::size_t k = names.empty() ? 0 : names.size() - 1; k > 0; --k) {
      expr::Id ordinal = pool.integer(static_cast<double>(k));
      result =
          pool.ifThenElse(pool.compare(expr::Op::Eq, value, ordinal), text(names[k - 1]), result);
    }
    return result;
  }
  default: {
    const expr::Id operands[] = {value, length, leftJustified};
    return pool.call(expr::Builtin::IntegerString, operands);
  }
  }
}

std::optional<expr::Id> SystemBuilder::unary(const flat::Expr& e) {
  auto operand = translate(e.args[0]);
  if (!operand) return std::nullopt;
  switch (e.unary) {
  case flat::UnaryOp::Minus: return system_.pool.neg(*operand);
  case flat::UnaryOp::Plus: return *operand;
  case flat::UnaryOp::Not: return system_.pool.logicalNot(*operand);
  }
  return std::nullopt;
}

std::optional<expr::Id> SystemBuilder::binary(const flat::Expr& e) {
  auto lhs = translate(e.args[0]);
  auto rhs = translate(e.args[1]);
  if (!lhs || !rhs) return std::nullopt;
  expr::Pool& pool = system_.pool;
  if (pool.type(*lhs) == expr::Type::String && e.binary == flat::BinaryOp::Add) {
    const expr::Id operands[] = {*lhs, *rhs};
    return pool.call(expr::Builtin::Concat, operands);
  }
  switch (e.binary) {
  case flat::BinaryOp::Add: return pool.add(*lhs, *rhs);
  case flat::BinaryOp::Sub: return pool.sub(*lhs, *rhs);
  case flat::BinaryOp::Mul: return pool.mul(*lhs, *rhs);
  case flat::BinaryOp::Div: return pool.div(*lhs, *rhs);
  case flat::BinaryOp::Pow: return pool.pow(*lhs, *rhs);
  case flat::BinaryOp::Lt: return pool.compare(expr::Op::Lt, *lhs, *rhs);
  case flat::BinaryOp::Le: return pool.compare(expr::Op::Le, *lhs, *rhs);
  case flat::BinaryOp::Gt: return pool.compare(expr::Op::Gt, *lhs, *rhs);
  case flat::BinaryOp::Ge: return pool.compare(expr::Op::Ge, *lhs, *rhs);
  case flat::BinaryOp::Eq: return pool.compare(expr::Op::Eq, *lhs, *rhs);
  case flat::BinaryOp::Ne: return pool.compare(expr::Op::Ne, *lhs, *rhs);
  case flat::BinaryOp::And: return pool.logicalAnd(*lhs, *rhs);
  case flat::BinaryOp::Or: return pool.logicalOr(*lhs, *rhs);
  }
  return std::nullopt;
}

std::optional<expr::Id> SystemBuilder::ifExpression(const flat::Expr& e) {
  auto result = translate(e.args.back());
  if (!result) return std::nullopt;
  // Build from the else-branch outwards: if c1 then v1 else (if c2 then v2 else v3).
  for (std::size_t i = e.args.size() - 1; i >= 2; i -= 2) {
    auto condition = translate(e.args[i - 2]);
    auto value = translate(e.args[i - 1]);
    if (!condition || !value) return std::nullopt;
    result = system_.pool.ifThenElse(*condition, *value, *result);
  }
  return result;
}

std::optional<SystemBuilder::MessageCode> SystemBuilder::message(const flat::Expr& e) {
  MessageCode code;
  if (!appendMessage(e, code)) return std::nullopt;
  return code;
}

bool SystemBuilder::appendMessage(const flat::Expr& e, MessageCode& out) {
  if (e.kind == flat::Expr::Kind::Literal && e.type == flat::Type::String) {
    out.message.texts.back() += e.text;
    return true;
  }
  if (e.kind == flat::Expr::Kind::Binary && e.binary == flat::BinaryOp::Add) {
    return appendMessage(e.args[0], out) && appendMessage(e.args[1], out);
  }
  if (e.kind == flat::Expr::Kind::Variable && daeIndex_[e.variable] == kNone &&
      model_.variables[e.variable].binding) {
    return appendMessage(*model_.variables[e.variable].binding, out);
  }
  if (e.kind == flat::Expr::Kind::Call && e.text == "String" && e.args.size() >= 5) {
    auto value = stringOptions(e);
    auto translated = translate(e.args[0]);
    if (!value || !translated) return false;
    out.values.push_back(*translated);
    out.message.values.push_back(std::move(*value));
    out.message.texts.emplace_back();
    return true;
  }
  // Any other String computed during simulation (a variable, a function's result): its handle.
  if (e.type == flat::Type::String) {
    auto translated = translate(e);
    if (!translated) return false;
    sim::MessageValue value;
    value.format = sim::MessageValue::Format::Text;
    out.values.push_back(*translated);
    out.message.values.push_back(std::move(value));
    out.message.texts.emplace_back();
    return true;
  }
  diagnostics_.error(DiagnosticKind::WrongArguments, e.range, "a message must be a String");
  return false;
}

} // namespace mocc::dae
