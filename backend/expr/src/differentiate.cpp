// Symbolic differentiation: the chain rule per node, children first (iteratively), with the
// pool's folding constructors simplifying as the derivative is built.
#include "mocc/expr/differentiate.h"

#include "post_order.h"

#include <cmath>

namespace mocc::expr {

Differentiator::Differentiator(Pool& pool, DerivativeRules rules)
    : pool_(pool), rules_(std::move(rules)) {}

std::optional<Id> Differentiator::operator()(Id e) {
  failure_.clear();
  failedAt_ = Id{};
  bool ok = detail::postOrder(
      e, [&](Id id, std::vector<Id>& out) { neededChildren(id, out); },
      [&](Id id) { return memo_.count(id.value) > 0; },
      [&](Id id) {
        auto result = compute(id);
        if (!result) {
          if (!failedAt_.valid()) failedAt_ = id;
          return false;
        }
        memo_.emplace(id.value, *result);
        return true;
      });
  if (!ok) return std::nullopt;
  return memo_.at(e.value);
}

namespace {

bool isPiecewiseConstant(const Pool& pool, Id e) { return pool.type(e) != Type::Real; }

} // namespace

// Only the arguments whose derivatives the rule reads: never a condition, never an Integer
// argument, so that a condition calling a function without derivative does no harm.
void Differentiator::neededChildren(Id e, std::vector<Id>& out) const {
  if (isPiecewiseConstant(pool_, e)) return;
  const Node& n = pool_.node(e);
  auto args = pool_.args(e);
  switch (n.op) {
  case Op::If:
    out.push_back(args[1]);
    out.push_back(args[2]);
    return;
  case Op::Neg:
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Pow:
  case Op::Call:
  case Op::NoEvent:
  case Op::Homotopy:
    for (Id a : args) {
      if (!isPiecewiseConstant(pool_, a)) out.push_back(a);
    }
    return;
  case Op::FunctionCall: {
    // A derivative function takes no derivatives of the noDerivative inputs (MLS 12.7.1):
    // they need none, and may have none (Blocks.Interfaces.Adaptors.Functions.state1).
    auto derivative = usableDerivative(e);
    bool masked = derivative && derivative->differentiated.size() == args.size();
    for (std::size_t k = 0; k < args.size(); ++k) {
      bool needed = masked ? derivative->differentiated[k] : !isPiecewiseConstant(pool_, args[k]);
      if (needed) out.push_back(args[k]);
    }
    return;
  }
  default: return;
  }
}

std::optional<Id> Differentiator::compute(Id e) {
  if (isPiecewiseConstant(pool_, e)) return pool_.real(0);
  // Copy what is needed: building nodes may move the pool's argument storage.
  Node n = pool_.node(e);
  auto span = pool_.args(e);
  std::vector<Id> a(span.begin(), span.end());
  auto dArg = [&](std::size_t i) {
    return isPiecewiseConstant(pool_, a[i]) ? pool_.real(0) : d(a[i]);
  };
  switch (n.op) {
  case Op::Constant:
  case Op::Pre: return pool_.real(0);
  case Op::Time: return pool_.real(rules_.time);
  case Op::Variable: {
    Id result = rules_.variable ? rules_.variable(n.index) : Id{};
    if (!result.valid()) failure_ = "this variable cannot be differentiated";
    return result.valid() ? std::optional<Id>(result) : std::nullopt;
  }
  case Op::Neg: return pool_.neg(dArg(0));
  case Op::Add: return pool_.add(dArg(0), dArg(1));
  case Op::Sub: return pool_.sub(dArg(0), dArg(1));
  case Op::Mul: return pool_.add(pool_.mul(dArg(0), a[1]), pool_.mul(a[0], dArg(1)));
  case Op::Div: {
    // d(a/b) = (da - (a/b) db) / b, reusing the quotient node itself.
    Id db = dArg(1);
    if (pool_.isConstant(db, 0)) return pool_.div(dArg(0), a[1]);
    return pool_.div(pool_.sub(dArg(0), pool_.mul(e, db)), a[1]);
  }
  case Op::Pow: {
    Id da = dArg(0), db = dArg(1);
    Id viaBase =
        pool_.isConstant(da, 0)
            ? pool_.real(0)
            : pool_.mul(pool_.mul(a[1], pool_.pow(a[0], pool_.sub(a[1], pool_.real(1)))), da);
    if (pool_.isConstant(db, 0)) return viaBase;
    const Id log[] = {a[0]};
    Id viaExponent = pool_.mul(pool_.mul(e, pool_.call(Builtin::Log, log)), db);
    return pool_.add(viaBase, viaExponent);
  }
  case Op::If: return pool_.ifThenElse(a[0], dArg(1), dArg(2));
  case Op::NoEvent: return pool_.noEvent(dArg(0));
  // lambda is a constant of the problem: d homotopy(a, s) = homotopy(da, ds) (MLS 3.7.4.4)
  case Op::Homotopy: return pool_.homotopy(dArg(0), dArg(1));
  case Op::Call: return builtin(e);
  case Op::FunctionCall: return functionCall(e);
  case Op::Delay: return delay();
  default: failure_ = "this expression cannot be differentiated"; return std::nullopt;
  }
}

std::optional<Id> Differentiator::builtin(Id e) {
  Node n = pool_.node(e);
  auto span = pool_.args(e);
  std::vector<Id> a(span.begin(), span.end());
  auto dArg = [&](std::size_t i) {
    return isPiecewiseConstant(pool_, a[i]) ? pool_.real(0) : d(a[i]);
  };
  auto call = [&](Builtin fn, std::initializer_list<Id> args) {
    return pool_.call(fn, std::span<const Id>(args.begin(), args.size()));
  };
  auto square = [&](Id x) { return pool_.mul(x, x); };
  Id one = pool_.real(1);
  Id da = dArg(0);
  switch (static_cast<Builtin>(n.index)) {
  case Builtin::Sin: return pool_.mul(call(Builtin::Cos, {a[0]}), da);
  case Builtin::Cos: return pool_.neg(pool_.mul(call(Builtin::Sin, {a[0]}), da));
  case Builtin::Tan: return pool_.div(da, square(call(Builtin::Cos, {a[0]})));
  case Builtin::Asin: return pool_.div(da, call(Builtin::Sqrt, {pool_.sub(one, square(a[0]))}));
  case Builtin::Acos:
    return pool_.neg(pool_.div(da, call(Builtin::Sqrt, {pool_.sub(one, square(a[0]))})));
  case Builtin::Atan: return pool_.div(da, pool_.add(one, square(a[0])));
  case Builtin::Atan2: {
    // atan2(y, x): (x dy - y dx) / (x^2 + y^2)
    Id numerator = pool_.sub(pool_.mul(a[1], da), pool_.mul(a[0], dArg(1)));
    return pool_.div(numerator, pool_.add(square(a[1]), square(a[0])));
  }
  case Builtin::Sinh: return pool_.mul(call(Builtin::Cosh, {a[0]}), da);
  case Builtin::Cosh: return pool_.mul(call(Builtin::Sinh, {a[0]}), da);
  case Builtin::Tanh: return pool_.mul(pool_.sub(one, square(e)), da);
  case Builtin::Exp: return pool_.mul(e, da);
  case Builtin::Log: return pool_.div(da, a[0]);
  case Builtin::Log10: return pool_.div(da, pool_.mul(a[0], pool_.real(std::log(10.0))));
  case Builtin::Sqrt: {
    Id slope = pool_.div(da, pool_.mul(pool_.real(2), e));
    if (!rules_.partial || pool_.isConstant(da)) return slope;
    // In a Jacobian, where the argument does not move the function does not either: the tank
    // outflow sqrt(max(0, 2 g h)) at h <= 0 is 0 / 0 by the rule (StateGraph's
    // ControlledTanks stopped on a NaN Jacobian entry when a tank ran empty).
    Id still = pool_.noEvent(pool_.compare(Op::Eq, da, pool_.real(0)));
    return pool_.ifThenElse(still, pool_.real(0), slope);
  }
  case Builtin::Abs: return pool_.mul(call(Builtin::Sign, {a[0]}), da);
  case Builtin::Min:
  case Builtin::Max: {
    Op op = static_cast<Builtin>(n.index) == Builtin::Min ? Op::Lt : Op::Gt;
    return pool_.ifThenElse(pool_.noEvent(pool_.compare(op, a[0], a[1])), da, dArg(1));
  }
  case Builtin::Mod:
    return pool_.sub(da, pool_.mul(call(Builtin::Floor, {pool_.div(a[0], a[1])}), dArg(1)));
  case Builtin::Rem: return pool_.sub(da, pool_.mul(call(Builtin::Div, {a[0], a[1]}), dArg(1)));
  case Builtin::Sign:
  case Builtin::Floor:
  case Builtin::Ceil:
  case Builtin::Div:
  case Builtin::Integer:
  case Builtin::StringCompare: return pool_.real(0);
  case Builtin::Concat:
  case Builtin::RealString:
  case Builtin::RealFormat:
  case Builtin::IntegerString: break; // Strings have no derivative
  }
  failure_ = "this built-in function cannot be differentiated";
  return std::nullopt;
}

// MLS 3.7.4.2: delay(e, d) reads the history the runtime recorded, not the current values,
// so its partial derivatives are 0 (Jacobians). Its time derivative is der(e)(time - d) only
// after time.start + d and 0 before, which no expression says: d/dt fails.
std::optional<Id> Differentiator::delay() {
  if (rules_.time == 0) return pool_.real(0);
  failure_ = "delay() has no time derivative here: it reads the recorded history of its "
             "argument (MLS 3.7.4.2)";
  return std::nullopt;
}

// MLS 12.7.1: f_der(inputs..., der(real inputs)...) computes the derivative of f's outputs.
std::optional<FunctionDerivative> Differentiator::usableDerivative(Id e) const {
  const Node& n = pool_.node(e);
  auto derivative = rules_.function ? rules_.function(n.index, n.subindex) : std::nullopt;
  if (!derivative || !rules_.partial) return derivative;
  auto args = pool_.args(e);
  if (derivative->differentiated.size() != args.size()) return derivative;
  for (std::size_t k = 0; k < args.size(); ++k) {
    if (!derivative->differentiated[k] && !isPiecewiseConstant(pool_, args[k]) &&
        !pool_.isConstant(args[k]))
      return std::nullopt;
  }
  return derivative;
}

std::optional<Id> Differentiator::functionCall(Id e) {
  Node n = pool_.node(e);
  auto span = pool_.args(e);
  std::vector<Id> args(span.begin(), span.end());
  auto derivative = usableDerivative(e);
  const std::vector<bool>* mask = derivative && derivative->differentiated.size() == args.size()
                                      ? &derivative->differentiated
                                      : nullptr;
  bool allZero = true;
  std::vector<Id> derivatives;
  for (std::size_t k = 0; k < args.size(); ++k) {
    if (mask && !(*mask)[k]) {
      // A noDerivative input varies all the same (state1's u): the call is not constant.
      allZero = allZero && (isPiecewiseConstant(pool_, args[k]) || pool_.isConstant(args[k]));
      continue;
    }
    if (isPiecewiseConstant(pool_, args[k]) && !mask) continue;
    derivatives.push_back(d(args[k]));
    allZero = allZero && pool_.isConstant(derivatives.back(), 0);
  }
  if (allZero) return pool_.real(0); // every input is constant: so is the call
  if (!derivative) {
    if (auto linear = throughLinearTail(e)) return linear;
    // The body is a new expression: its nodes are differentiated now (memoised alike).
    for (const auto* inline_ : {&rules_.inlined, &rules_.bodies}) {
      if (!*inline_) continue;
      if (auto body = (*inline_)(n.index, n.subindex, args)) return (*this)(*body);
    }
    failure_ = "the function has no derivative annotation (MLS 12.7.1)";
    return std::nullopt;
  }
  args.insert(args.end(), derivatives.begin(), derivatives.end());
  if (rules_.inlined) {
    if (auto body = rules_.inlined(derivative->function, derivative->output, args)) return body;
  }
  return pool_.functionCall(derivative->function, derivative->output, Type::Real, args);
}

// A derivative function f_der(u, du) is linear in du (MLS 12.7.1): when u does not vary,
// d f_der(u, du) = f_der(u, d du). Typical: the partial derivative of a differentiated
// equation with respect to a derivative variable.
std::optional<Id> Differentiator::throughLinearTail(Id e) {
  Node n = pool_.node(e);
  std::uint32_t tail = rules_.linearTail ? rules_.linearTail(n.index) : 0;
  auto span = pool_.args(e);
  std::vector<Id> args(span.begin(), span.end());
  if (tail == 0 || tail > args.size()) return std::nullopt;
  std::size_t head = args.size() - tail;
  for (std::size_t i = 0; i < head; ++i) {
    if (!isPiecewiseConstant(pool_, args[i]) && !pool_.isConstant(d(args[i]), 0))
      return std::nullopt;
  }
  for (std::size_t i = head; i < args.size(); ++i)
    args[i] = isPiecewiseConstant(pool_, args[i]) ? pool_.real(0) : d(args[i]);
  return pool_.functionCall(n.index, n.subindex, n.type, args);
}

std::optional<Id> partialDerivative(
    Pool& pool, Id e, std::uint32_t variable,
    const std::function<std::optional<FunctionDerivative>(std::uint32_t, std::uint32_t)>& function,
    const std::function<std::uint32_t(std::uint32_t)>& linearTail,
    const decltype(DerivativeRules::inlined)& inlined,
    const decltype(DerivativeRules::inlined)& bodies) {
  DerivativeRules rules;
  rules.time = 0;
  rules.partial = true;
  rules.variable = [&pool, variable](std::uint32_t v) { return pool.real(v == variable ? 1 : 0); };
  rules.function = function;
  rules.linearTail = linearTail;
  rules.inlined = inlined;
  rules.bodies = bodies;
  return Differentiator(pool, std::move(rules))(e);
}

} // namespace mocc::expr
