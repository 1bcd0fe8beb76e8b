// ExpressionWriter: one case per expr::Op, in the order backend/llvm's ExpressionEmitter emits
// them (operands left to right), with the same remembered values per branch scope. If nodes
// become branches (or a ?: when neither branch needs statements), so the untaken side is not
// evaluated; And/Or evaluate both sides except inside functions (short_circuit below).
#include "expression_writer.h"

#include <unordered_set>

namespace mocc::backend::cpp {

using expr::Builtin;
using expr::Id;
using expr::Op;

namespace {

/// Pure expressions longer than this become temporaries, to keep lines readable.
constexpr std::size_t kLongExpression = 90;

} // namespace

Text asDouble(const Text& text) {
  if (!text.boolean) return text;
  return Text{"double(" + text.code + ")", 0, false};
}

Text asBool(const Text& text) {
  if (text.boolean) return text;
  return Text{operandOf(text, 10) + " != 0.0", 10, true};
}

std::string operandOf(const Text& text, int precedence, bool rightOperand) {
  bool wrap = rightOperand ? text.precedence >= precedence : text.precedence > precedence;
  return wrap && text.precedence > 0 ? "(" + text.code + ")" : text.code;
}

ExpressionWriter::ExpressionWriter(Context& context, FunctionCode& code, Evaluation evaluation,
                                   const sim::Function* function)
    : context_(context), code_(code), evaluation_(evaluation), function_(function),
      out_(&code.body) {
  if (!function) return;
  for (const sim::FunctionLocal& local : function->locals) {
    if (local.isArray) arrays_[local.slot] = {local.size, local.boundsMessage};
  }
}

void ExpressionWriter::countUses(std::span<const Id> roots) {
  uses_.clear();
  std::unordered_set<std::uint32_t> seen;
  std::vector<Id> stack(roots.begin(), roots.end());
  while (!stack.empty()) {
    Id id = stack.back();
    stack.pop_back();
    if (!id.valid() || id.value >= pool().size() || !seen.insert(id.value).second) continue;
    for (Id arg : pool().args(id)) {
      ++uses_[arg.value];
      stack.push_back(arg);
    }
  }
  for (Id root : roots)
    if (root.valid()) ++uses_[root.value];
}

std::string ExpressionWriter::value(Id id) { return asDouble(emit(id)).code; }

std::string ExpressionWriter::condition(Id id) { return asBool(emit(id)).code; }

Text ExpressionWriter::temporary(const Text& text, const std::string& prefix) {
  std::string name = code_.fresh(prefix);
  out_->line(std::string(text.boolean ? "const bool " : "const double ") + name + " = " +
             text.code + ";");
  return Text{name, 0, text.boolean};
}

Text ExpressionWriter::operand(const Text& text) {
  return text.precedence == 0 ? text : temporary(text);
}

Text ExpressionWriter::emit(Id id) {
  if (!id.valid() || id.value >= pool().size()) {
    throw EmitError("expression node " + std::to_string(id.value) + " is not in the pool");
  }
  if (const Text* found = remembered_.value(id)) return *found;
  Text text = sim::visitNode(pool(), id, *this);
  auto uses = uses_.find(id.value);
  bool shared = uses != uses_.end() && uses->second > 1;
  if (text.precedence > 0 && (shared || text.code.size() > kLongExpression)) {
    text = temporary(text);
  }
  remembered_.remember(id, text);
  return text;
}

Text ExpressionWriter::comparison(Id id) {
  Text lhs = asDouble(emit(pool().arg(id, 0)));
  Text rhs = asDouble(emit(pool().arg(id, 1)));
  return compare(pool().op(id), lhs, rhs);
}

void ExpressionWriter::requireModel(const char* what) const {
  if (evaluation_ == Evaluation::Function) {
    throw EmitError(std::string(what) + " is used inside function '" + function_->name +
                    "', which only sees its arguments");
  }
}

Text ExpressionWriter::leaf(Id id) {
  const expr::Node& node = pool().node(id);
  switch (node.op) {
  case Op::Constant: {
    std::string literal = doubleLiteral(node.value);
    return Text{literal, literal[0] == '-' ? 3 : 0, false};
  }
  case Op::Variable: return variable(node.index);
  case Op::Pre: return pre(node.index);
  case Op::Time:
    requireModel("time");
    code_.use("time");
    return Text{"time", 0, false};
  case Op::Initial:
    requireModel("initial()");
    code_.use("initial");
    return Text{"initial", 0, true};
  default:
    requireModel("terminal()");
    code_.use("terminal");
    return Text{"terminal", 0, true};
  }
}

std::string ExpressionWriter::storage(std::uint32_t index) {
  requireModel("a model variable");
  const sim::Variable& v = context_.variable(index);
  const char* field = v.region == sim::Region::State        ? "x"
                      : v.region == sim::Region::Derivative ? "dx"
                                                            : "v";
  code_.use(field);
  return std::string(field) + "[" + std::to_string(v.index) + "]";
}

// At an event a relation's storage changes while a statement is evaluated; the JIT reads such
// a variable where it is first used, so it is read into a temporary there.
Text ExpressionWriter::variable(std::uint32_t index) {
  Text text{storage(index), 0, false};
  if (evaluation_ == Evaluation::Event && context_.isRelationStorage(index)) {
    return temporary(text);
  }
  return text;
}

Text ExpressionWriter::pre(std::uint32_t index) {
  requireModel("a model variable");
  const sim::Variable& v = context_.variable(index);
  if (v.region == sim::Region::Derivative) {
    throw EmitError("pre(" + v.name + "): a derivative has no pre() value");
  }
  const char* field = v.region == sim::Region::State ? "pre_x" : "pre_v";
  code_.use(field);
  return Text{std::string(field) + "[" + std::to_string(v.index) + "]", 0, false};
}

Text ExpressionWriter::arithmetic(Id id) {
  Op op = pool().op(id);
  if (op == Op::Neg) {
    Text arg = asDouble(emit(pool().arg(id, 0)));
    bool wrap = arg.precedence > 3 || arg.code[0] == '-'; // never `--x`
    return Text{"-" + (wrap ? "(" + arg.code + ")" : arg.code), 3, false};
  }
  Text lhs = asDouble(emit(pool().arg(id, 0)));
  Text rhs = asDouble(emit(pool().arg(id, 1)));
  if (op == Op::Pow) return Text{"mocc_pow(" + lhs.code + ", " + rhs.code + ")", 0, false};
  int precedence = op == Op::Add || op == Op::Sub ? 6 : 5;
  const char* spelling = op == Op::Add   ? " + "
                         : op == Op::Sub ? " - "
                         : op == Op::Mul ? " * "
                                         : " / ";
  return Text{operandOf(lhs, precedence) + spelling + operandOf(rhs, precedence, true), precedence,
              false};
}

Text ExpressionWriter::compare(Op op, const Text& lhs, const Text& rhs) const {
  int precedence = op == Op::Eq || op == Op::Ne ? 10 : 9;
  const char* spelling = nullptr;
  switch (op) {
  case Op::Lt: spelling = " < "; break;
  case Op::Le: spelling = " <= "; break;
  case Op::Gt: spelling = " > "; break;
  case Op::Ge: spelling = " >= "; break;
  case Op::Eq: spelling = " == "; break;
  case Op::Ne: spelling = " != "; break;
  default: throw EmitError(std::string("'") + expr::opSpelling(op) + "' is not a comparison");
  }
  return Text{operandOf(lhs, precedence) + spelling + operandOf(rhs, precedence, true), precedence,
              true};
}

Text ExpressionWriter::logic(Id id) {
  Op op = pool().op(id);
  if (op == Op::Not) {
    Text arg = emit(pool().arg(id, 0));
    if (arg.boolean) return Text{"!" + operandOf(arg, 3), 3, true};
    return Text{operandOf(arg, 10) + " == 0.0", 10, true};
  }
  if (evaluation_ == Evaluation::Function) {
    return shortCircuit(op, pool().arg(id, 0), pool().arg(id, 1));
  }
  // Both operands are evaluated, as in the JIT; what they need is written before this point,
  // so C++'s own short circuit of && and || skips nothing that matters.
  Text lhs = asBool(emit(pool().arg(id, 0)));
  Text rhs = asBool(emit(pool().arg(id, 1)));
  int precedence = op == Op::And ? 14 : 15;
  return Text{operandOf(lhs, precedence) + (op == Op::And ? " && " : " || ") +
                  operandOf(rhs, precedence, true),
              precedence, true};
}

std::string ExpressionWriter::messageValues(const std::vector<Id>& values) {
  if (values.empty()) return "nullptr";
  remembered_.enter();
  std::vector<std::string> texts;
  for (Id value : values)
    texts.push_back(asDouble(emit(value)).code);
  remembered_.leave();
  std::string name = code_.fresh("values");
  out_->line("double " + name + "[" + std::to_string(values.size()) + "];");
  for (std::size_t i = 0; i < texts.size(); ++i)
    out_->line(name + "[" + std::to_string(i) + "] = " + texts[i] + ";");
  return name;
}

Text ExpressionWriter::inBranch(Id id, Code& into, bool asCondition) {
  Code* saved = out_;
  out_ = &into;
  remembered_.enter();
  Text text = emit(id);
  remembered_.leave();
  out_ = saved;
  return asCondition ? asBool(text) : asDouble(text);
}

// Inside user functions `a and b` evaluates b only when a is true (`or`: when a is false), so
// that a guard such as `i <= n and x[i] > 0` keeps the subscript in range (program.h).
Text ExpressionWriter::shortCircuit(Op op, Id lhs, Id rhs) {
  Text first = asBool(emit(lhs));
  Code second;
  Text rhsText = inBranch(rhs, second, true);
  int precedence = op == Op::And ? 14 : 15;
  if (second.empty()) {
    return Text{operandOf(first, precedence) + (op == Op::And ? " && " : " || ") +
                    operandOf(rhsText, precedence, true),
                precedence, true};
  }
  std::string name = code_.fresh(op == Op::And ? "all" : "any");
  out_->line("bool " + name + " = " + first.code + ";");
  out_->open(op == Op::And ? "if (" + name + ")" : "if (!" + name + ")");
  out_->append(second);
  out_->line(name + " = " + rhsText.code + ";");
  out_->close();
  return Text{name, 0, true};
}

Text ExpressionWriter::ifThenElse(Id id) {
  Text condition = asBool(emit(pool().arg(id, 0)));
  Code thenCode, elseCode;
  Text thenValue = inBranch(pool().arg(id, 1), thenCode, false);
  Text elseValue = inBranch(pool().arg(id, 2), elseCode, false);
  if (thenCode.empty() && elseCode.empty()) {
    return Text{operandOf(condition, 15) + " ? " + operandOf(thenValue, 16) + " : " +
                    operandOf(elseValue, 16),
                16, false};
  }
  std::string name = code_.fresh("t");
  out_->line("double " + name + ";");
  out_->open("if (" + condition.code + ")");
  out_->append(thenCode);
  out_->line(name + " = " + thenValue.code + ";");
  out_->between("} else {");
  out_->append(elseCode);
  out_->line(name + " = " + elseValue.code + ";");
  out_->close();
  return Text{name, 0, false};
}

// MLS 3.7.4.4, as backend/llvm emits it: `actual` when lambda is 1, otherwise
// lambda * actual + (1 - lambda) * simplified with `simplified` evaluated only then.
Text ExpressionWriter::homotopy(Id id) {
  requireModel("homotopy()");
  Text actual = operand(asDouble(emit(pool().arg(id, 0))));
  code_.use("homotopy_lambda");
  Code blendCode;
  Text simplified = inBranch(pool().arg(id, 1), blendCode, false);
  std::string blended = "homotopy_lambda * " + actual.code + " + (1.0 - homotopy_lambda) * " +
                        operandOf(simplified, 5, true);
  if (blendCode.empty()) {
    return Text{"homotopy_lambda == 1.0 ? " + actual.code + " : " + blended, 16, false};
  }
  std::string name = code_.fresh("h");
  out_->line("double " + name + " = " + actual.code + ";");
  out_->open("if (homotopy_lambda != 1.0)");
  out_->append(blendCode);
  out_->line(name + " = " + blended + ";");
  out_->close();
  return Text{name, 0, false};
}

// MLS 3.7.4.2, as backend/llvm emits it: the runtime's mocc_delay, called where it stands.
Text ExpressionWriter::delay(Id id) {
  requireModel("delay()");
  std::uint32_t number = pool().node(id).index;
  if (number >= context_.program.delays.size())
    throw EmitError("delay " + std::to_string(number) + " is out of range (" +
                    std::to_string(context_.program.delays.size()) + " delays)");
  std::string value = this->value(pool().arg(id, 0));
  std::string delayTime = this->value(pool().arg(id, 1));
  std::string delayMax = this->value(pool().arg(id, 2));
  return temporary(Text{"mocc_delay(instance, " + std::to_string(number) + ", " + value + ", " +
                            delayTime + ", " + delayMax + ")",
                        0, false},
                   "delayed");
}

// Strings are handles into the run's texts, which the runtime computes (model.h, mocc_text),
// as backend/llvm emits them.
Text ExpressionWriter::text(Builtin fn, std::vector<Text> operands) {
  std::string call = "mocc_text(instance, " + std::to_string(expr::textOperation(fn));
  for (std::size_t i = 0; i < 4; ++i)
    call += ", " + (i < operands.size() ? operands[i].code : std::string("0.0"));
  return Text{call + ")", 0, false};
}

namespace {

/// The libm function computing `fn` directly, or null when it is composed (builtins.cpp); the
/// same table as backend/llvm's.
const char* libmName(Builtin fn) {
  switch (fn) {
  case Builtin::Sin: return "mocc_sin";
  case Builtin::Cos: return "mocc_cos";
  case Builtin::Tan: return "mocc_tan";
  case Builtin::Asin: return "mocc_asin";
  case Builtin::Acos: return "mocc_acos";
  case Builtin::Atan: return "mocc_atan";
  case Builtin::Atan2: return "mocc_atan2";
  case Builtin::Sinh: return "mocc_sinh";
  case Builtin::Cosh: return "mocc_cosh";
  case Builtin::Tanh: return "mocc_tanh";
  case Builtin::Exp: return "mocc_exp";
  case Builtin::Log: return "mocc_log";
  case Builtin::Log10: return "mocc_log10";
  case Builtin::Sqrt: return "mocc_sqrt";
  case Builtin::Abs: return "mocc_fabs";
  case Builtin::Floor: return "mocc_floor";
  case Builtin::Ceil: return "mocc_ceil";
  case Builtin::Integer: return "mocc_floor";
  default: return nullptr;
  }
}

} // namespace

Text ExpressionWriter::builtin(Id id) {
  auto fn = static_cast<Builtin>(pool().node(id).index);
  if (static_cast<int>(fn) > static_cast<int>(Builtin::IntegerString) ||
      pool().args(id).size() != static_cast<std::size_t>(expr::builtinArity(fn))) {
    throw EmitError("call node " + std::to_string(id.value) + " is malformed");
  }
  std::vector<Text> a;
  for (Id arg : pool().args(id))
    a.push_back(asDouble(emit(arg)));
  if (expr::isTextBuiltin(fn)) return text(fn, a);
  if (const char* name = libmName(fn)) {
    std::string call = std::string(name) + "(" + a[0].code;
    if (a.size() > 1) call += ", " + a[1].code;
    return Text{call + ")", 0, false};
  }
  // The composed ones use an operand more than once: it becomes a temporary.
  for (Text& arg : a)
    arg = operand(arg);
  switch (fn) {
  case Builtin::Sign: // a > 0 ? 1 : (a < 0 ? -1 : 0)
    return Text{a[0].code + " > 0.0 ? 1.0 : (" + a[0].code + " < 0.0 ? -1.0 : 0.0)", 16, false};
  case Builtin::Min:
    return Text{a[0].code + " < " + a[1].code + " ? " + a[0].code + " : " + a[1].code, 16, false};
  case Builtin::Max:
    return Text{a[0].code + " > " + a[1].code + " ? " + a[0].code + " : " + a[1].code, 16, false};
  case Builtin::Div: return Text{"mocc_trunc(" + a[0].code + " / " + a[1].code + ")", 0, false};
  case Builtin::Mod: // x - floor(x / y) * y
    return Text{a[0].code + " - mocc_floor(" + a[0].code + " / " + a[1].code + ") * " + a[1].code,
                6, false};
  default: // Rem: x - trunc(x / y) * y
    return Text{a[0].code + " - mocc_trunc(" + a[0].code + " / " + a[1].code + ") * " + a[1].code,
                6, false};
  }
}

} // namespace mocc::backend::cpp
