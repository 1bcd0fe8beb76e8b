// Pool: hash-consing and the simplifying constructors of the expression DAG.
#include "mocc/expr/builtins.h"
#include "mocc/expr/expr.h"

#include <bit>
#include <cassert>
#include <cmath>

namespace mocc::expr {

namespace {

Type arithmeticType(Type a, Type b) {
  return a == Type::Integer && b == Type::Integer ? Type::Integer : Type::Real;
}

std::size_t mix(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

} // namespace

std::size_t Pool::hash(const Node& n, std::span<const Id> args) {
  std::size_t h = static_cast<std::size_t>(n.op);
  h = mix(h, static_cast<std::size_t>(n.type));
  h = mix(h, n.index);
  h = mix(h, n.subindex);
  h = mix(h, std::bit_cast<std::uint64_t>(n.value));
  for (Id arg : args)
    h = mix(h, arg.value);
  // Finalise (MurmurHash3's fmix64) so that the low bits, which pick the slot, are mixed.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

bool Pool::sameNode(std::uint32_t stored, const Node& n, std::span<const Id> arguments) const {
  const Node& s = nodes_[stored];
  if (s.op != n.op || s.type != n.type || s.index != n.index || s.subindex != n.subindex ||
      std::bit_cast<std::uint64_t>(s.value) != std::bit_cast<std::uint64_t>(n.value) ||
      s.argCount != arguments.size()) {
    return false;
  }
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (argStorage_[s.firstArg + i] != arguments[i]) return false;
  }
  return true;
}

Pool::Pool() { slots_.assign(1024, 0); }

std::span<const Id> Pool::args(Id id) const {
  const Node& n = node(id);
  return {argStorage_.data() + n.firstArg, n.argCount};
}

double Pool::constantValue(Id id) const {
  assert(isConstant(id));
  return node(id).value;
}

bool Pool::isConstant(Id id, double value) const {
  return isConstant(id) && node(id).value == value;
}

void Pool::grow() {
  std::vector<std::uint32_t> bigger(slots_.size() * 2, 0);
  std::size_t mask = bigger.size() - 1;
  for (std::uint32_t stored = 0; stored < nodes_.size(); ++stored) {
    std::size_t slot = hashes_[stored] & mask;
    while (bigger[slot] != 0)
      slot = (slot + 1) & mask;
    bigger[slot] = stored + 1;
  }
  slots_ = std::move(bigger);
}

Id Pool::intern(Node n, std::span<const Id> arguments) {
  n.firstArg = 0;
  n.argCount = static_cast<std::uint32_t>(arguments.size());
  std::size_t h = hash(n, arguments);
  std::size_t mask = slots_.size() - 1;
  std::size_t slot = h & mask;
  for (; slots_[slot] != 0; slot = (slot + 1) & mask) {
    std::uint32_t stored = slots_[slot] - 1;
    if (hashes_[stored] == h && sameNode(stored, n, arguments)) return Id{stored};
  }
  n.firstArg = static_cast<std::uint32_t>(argStorage_.size());
  bool aliasesStorage = !arguments.empty() && arguments.data() >= argStorage_.data() &&
                        arguments.data() < argStorage_.data() + argStorage_.size();
  if (aliasesStorage) {
    // `arguments` points into argStorage_ itself: copy before growing it.
    std::vector<Id> copy(arguments.begin(), arguments.end());
    argStorage_.insert(argStorage_.end(), copy.begin(), copy.end());
  } else {
    argStorage_.insert(argStorage_.end(), arguments.begin(), arguments.end());
  }
  Id id{static_cast<std::uint32_t>(nodes_.size())};
  nodes_.push_back(n);
  hashes_.push_back(h);
  slots_[slot] = id.value + 1;
  if (nodes_.size() * 2 > slots_.size()) grow();
  return id;
}

// ------------------------------------------------------------------------------ leaves

Id Pool::constant(Type type, double value) {
  if (value == 0) value = 0.0; // one node for zero: symbolic rules treat -0 and +0 alike
  Node n{Op::Constant, type};
  n.value = value;
  return intern(n, {});
}
Id Pool::string(std::string_view text) {
  auto [entry, added] =
      stringIndex_.try_emplace(std::string(text), static_cast<std::uint32_t>(strings_.size()));
  if (added) strings_.emplace_back(text);
  return constant(Type::String, entry->second);
}
const std::string& Pool::text(Id id) const {
  assert(isConstant(id) && type(id) == Type::String);
  return strings_.at(static_cast<std::size_t>(node(id).value));
}
Id Pool::real(double value) { return constant(Type::Real, value); }
Id Pool::integer(double value) { return constant(Type::Integer, value); }
Id Pool::boolean(bool value) { return constant(Type::Boolean, value ? 1.0 : 0.0); }
Id Pool::variable(std::uint32_t index, Type type) {
  return intern(Node{Op::Variable, type, index}, {});
}
Id Pool::pre(std::uint32_t index, Type type) { return intern(Node{Op::Pre, type, index}, {}); }
Id Pool::time() { return intern(Node{Op::Time, Type::Real}, {}); }
Id Pool::initial() { return intern(Node{Op::Initial, Type::Boolean}, {}); }
Id Pool::terminal() { return intern(Node{Op::Terminal, Type::Boolean}, {}); }

// -------------------------------------------------------------------------- arithmetic

Id Pool::neg(Id a) {
  if (isConstant(a)) return constant(type(a), -constantValue(a));
  if (op(a) == Op::Neg) return arg(a, 0);
  // -(x - y) is y - x exactly: IEEE subtraction rounds symmetrically.
  if (op(a) == Op::Sub) return sub(arg(a, 1), arg(a, 0));
  // -((-n)/d) is n/d exactly: negation commutes with division in IEEE arithmetic.
  if (op(a) == Op::Div) {
    Id numerator = arg(a, 0);
    if (op(numerator) == Op::Neg || (isConstant(numerator) && constantValue(numerator) < 0)) {
      return div(neg(numerator), arg(a, 1));
    }
  }
  const Id args[] = {a};
  return intern(Node{Op::Neg, type(a)}, args);
}

Id Pool::add(Id a, Id b) {
  Type t = arithmeticType(type(a), type(b));
  if (isConstant(a) && isConstant(b)) return constant(t, constantValue(a) + constantValue(b));
  if (isConstant(b, 0) && type(a) == t) return a;
  if (isConstant(a, 0) && type(b) == t) return b;
  if (op(b) == Op::Neg) return sub(a, arg(b, 0));
  // x + (-c) is x - c exactly in IEEE arithmetic; one canonical form shares more nodes.
  if (isConstant(b) && constantValue(b) < 0) return sub(a, constant(type(b), -constantValue(b)));
  const Id args[] = {a, b};
  return intern(Node{Op::Add, t}, args);
}

Id Pool::sub(Id a, Id b) {
  Type t = arithmeticType(type(a), type(b));
  if (isConstant(a) && isConstant(b)) return constant(t, constantValue(a) - constantValue(b));
  if (isConstant(b, 0) && type(a) == t) return a;
  if (isConstant(a, 0) && type(b) == t) return neg(b);
  if (op(b) == Op::Neg) return add(a, arg(b, 0));
  if (isConstant(b) && constantValue(b) < 0) return add(a, constant(type(b), -constantValue(b)));
  const Id args[] = {a, b};
  return intern(Node{Op::Sub, t}, args);
}

Id Pool::mul(Id a, Id b) {
  Type t = arithmeticType(type(a), type(b));
  if (isConstant(a) && isConstant(b)) return constant(t, constantValue(a) * constantValue(b));
  if (isConstant(a, 1) && type(b) == t) return b;
  if (isConstant(b, 1) && type(a) == t) return a;
  if (isConstant(a, -1) && type(b) == t) return neg(b);
  if (isConstant(b, -1) && type(a) == t) return neg(a);
  // x*0 is 0 for every finite x; models do not rely on NaN propagation through a zero
  // factor, and removing the dependency keeps the structure honest.
  if (isConstant(a, 0) || isConstant(b, 0)) return constant(t, 0);
  if (op(a) == Op::Neg && op(b) == Op::Neg) return mul(arg(a, 0), arg(b, 0));
  const Id args[] = {a, b};
  return intern(Node{Op::Mul, t}, args);
}

Id Pool::div(Id a, Id b) {
  if (isConstant(a) && isConstant(b) && constantValue(b) != 0) {
    return real(constantValue(a) / constantValue(b));
  }
  if (isConstant(b, 1) && type(a) == Type::Real) return a;
  if (isConstant(b, -1) && type(a) == Type::Real) return neg(a);
  if (isConstant(a, 0) && !isConstant(b, 0)) return real(0);
  // a/(-b) is -(a/b) exactly: IEEE division rounds symmetrically in the sign.
  if (op(b) == Op::Neg) return neg(div(a, arg(b, 0)));
  const Id args[] = {a, b};
  return intern(Node{Op::Div, Type::Real}, args);
}

Id Pool::pow(Id a, Id b) {
  if (isConstant(a) && isConstant(b)) return real(std::pow(constantValue(a), constantValue(b)));
  if (isConstant(b, 1) && type(a) == Type::Real) return a;
  if (isConstant(b, 0)) return real(1);
  const Id args[] = {a, b};
  return intern(Node{Op::Pow, Type::Real}, args);
}

// ------------------------------------------------------------------ relations and logic

bool isComparison(Op op) { return op >= Op::Lt && op <= Op::Ne; }

Id Pool::compare(Op relation, Id a, Id b) {
  assert(isComparison(relation));
  // Texts are interned, so equal handles are equal Strings; the order is strcmp's (MLS 3.4).
  bool ordersTexts = type(a) == Type::String && relation != Op::Eq && relation != Op::Ne;
  if (ordersTexts) {
    const Id operands[] = {a, b};
    return compare(relation, call(Builtin::StringCompare, operands), integer(0));
  }
  if (isConstant(a) && isConstant(b)) {
    double x = constantValue(a), y = constantValue(b);
    switch (relation) {
    case Op::Lt: return boolean(x < y);
    case Op::Le: return boolean(x <= y);
    case Op::Gt: return boolean(x > y);
    case Op::Ge: return boolean(x >= y);
    case Op::Eq: return boolean(x == y);
    case Op::Ne: return boolean(x != y);
    default: break;
    }
  }
  const Id args[] = {a, b};
  return intern(Node{relation, Type::Boolean}, args);
}

Id Pool::logicalNot(Id a) {
  if (isConstant(a)) return boolean(constantValue(a) == 0);
  if (op(a) == Op::Not) return arg(a, 0);
  const Id args[] = {a};
  return intern(Node{Op::Not, Type::Boolean}, args);
}

Id Pool::logicalAnd(Id a, Id b) {
  if (isConstant(a)) return constantValue(a) != 0 ? b : boolean(false);
  if (isConstant(b)) return constantValue(b) != 0 ? a : boolean(false);
  if (a == b) return a;
  const Id args[] = {a, b};
  return intern(Node{Op::And, Type::Boolean}, args);
}

Id Pool::logicalOr(Id a, Id b) {
  if (isConstant(a)) return constantValue(a) != 0 ? boolean(true) : b;
  if (isConstant(b)) return constantValue(b) != 0 ? boolean(true) : a;
  if (a == b) return a;
  const Id args[] = {a, b};
  return intern(Node{Op::Or, Type::Boolean}, args);
}

Id Pool::ifThenElse(Id condition, Id thenValue, Id elseValue) {
  if (isConstant(condition)) return constantValue(condition) != 0 ? thenValue : elseValue;
  if (thenValue == elseValue) return thenValue;
  Type t = type(thenValue) == type(elseValue) ? type(thenValue)
                                              : arithmeticType(type(thenValue), type(elseValue));
  const Id args[] = {condition, thenValue, elseValue};
  return intern(Node{Op::If, t}, args);
}

Id Pool::call(Builtin fn, std::span<const Id> arguments) {
  assert(static_cast<int>(arguments.size()) == builtinArity(fn));
  std::vector<Type> types;
  bool allConstant = true;
  for (Id a : arguments) {
    types.push_back(type(a));
    allConstant = allConstant && isConstant(a);
  }
  Type result = builtinResultType(fn, types);
  if (isTextBuiltin(fn)) {
    if (allConstant && fn == Builtin::Concat)
      return string(text(arguments[0]) + text(arguments[1]));
    if (allConstant && fn == Builtin::StringCompare) {
      int order = text(arguments[0]).compare(text(arguments[1]));
      return integer(order < 0 ? -1 : order > 0 ? 1 : 0);
    }
    // String() of a constant: the runtime formats it (the frontend folds literal arguments).
    return intern(Node{Op::Call, result, static_cast<std::uint32_t>(fn)}, arguments);
  }
  if (allConstant) {
    double values[2] = {0, 0};
    for (std::size_t i = 0; i < arguments.size(); ++i)
      values[i] = constantValue(arguments[i]);
    double folded = evaluateBuiltin(fn, std::span<const double>(values, arguments.size()));
    // Keep integer division by zero in the program: it is a run-time error, not a constant.
    if (std::isfinite(folded) || !std::isfinite(values[0])) return constant(result, folded);
  }
  return intern(Node{Op::Call, result, static_cast<std::uint32_t>(fn)}, arguments);
}

Id Pool::noEvent(Id a) {
  if (isConstant(a) || op(a) == Op::NoEvent || op(a) == Op::Variable || op(a) == Op::Pre ||
      op(a) == Op::Time) {
    return a;
  }
  const Id args[] = {a};
  return intern(Node{Op::NoEvent, type(a)}, args);
}

Id Pool::sample(Id start, Id interval) {
  const Id args[] = {start, interval};
  return intern(Node{Op::Sample, Type::Boolean}, args);
}

Id Pool::homotopy(Id actual, Id simplified) {
  if (actual == simplified) return actual;
  const Id args[] = {actual, simplified};
  return intern(Node{Op::Homotopy, Type::Real}, args);
}

// MLS 3.7.4.2: a constant has the same value at every time, so its delay is itself; so is
// every expression's delay by 0 (its value at time.start until then is its value then).
Id Pool::delay(Id value, Id delayTime, Id delayMax, std::uint32_t number) {
  if (isConstant(value)) return constant(Type::Real, constantValue(value));
  if (isConstant(delayTime, 0) && type(value) == Type::Real) return value;
  const Id args[] = {value, delayTime, delayMax};
  return intern(Node{Op::Delay, Type::Real, number}, args);
}

Id Pool::relation(std::uint32_t index, Id comparison) {
  assert(isComparison(op(comparison)));
  const Id args[] = {comparison};
  return intern(Node{Op::Relation, Type::Boolean, index}, args);
}

Id Pool::functionCall(std::uint32_t function, std::uint32_t output, Type type,
                      std::span<const Id> args) {
  Node n{Op::FunctionCall, type, function};
  n.subindex = output;
  return intern(n, args);
}

Id Pool::local(std::uint32_t slot, Type type) { return intern(Node{Op::Local, type, slot}, {}); }

Id Pool::localElement(std::uint32_t base, Id offset, Type type) {
  const Id args[] = {offset};
  return intern(Node{Op::LocalElement, type, base}, args);
}

Id Pool::rebuild(const Node& like, std::span<const Id> a) {
  switch (like.op) {
  case Op::Constant: return constant(like.type, like.value);
  case Op::Variable: return variable(like.index, like.type);
  case Op::Pre: return pre(like.index, like.type);
  case Op::Time: return time();
  case Op::Initial: return initial();
  case Op::Terminal: return terminal();
  case Op::Neg: return neg(a[0]);
  case Op::Add: return add(a[0], a[1]);
  case Op::Sub: return sub(a[0], a[1]);
  case Op::Mul: return mul(a[0], a[1]);
  case Op::Div: return div(a[0], a[1]);
  case Op::Pow: return pow(a[0], a[1]);
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge:
  case Op::Eq:
  case Op::Ne: return compare(like.op, a[0], a[1]);
  case Op::Not: return logicalNot(a[0]);
  case Op::And: return logicalAnd(a[0], a[1]);
  case Op::Or: return logicalOr(a[0], a[1]);
  case Op::If: return ifThenElse(a[0], a[1], a[2]);
  case Op::Call: return call(static_cast<Builtin>(like.index), a);
  case Op::NoEvent: return noEvent(a[0]);
  case Op::Sample: return sample(a[0], a[1]);
  case Op::Relation:
    if (!isComparison(op(a[0]))) return a[0]; // the comparison folded to a constant
    return relation(like.index, a[0]);
  case Op::FunctionCall: return functionCall(like.index, like.subindex, like.type, a);
  case Op::Local: return local(like.index, like.type);
  case Op::LocalElement: return localElement(like.index, a[0], like.type);
  case Op::Homotopy: return homotopy(a[0], a[1]);
  case Op::Delay: return delay(a[0], a[1], a[2], like.index);
  }
  assert(false && "unhandled op");
  return {};
}

} // namespace mocc::expr
