// Printing expressions as Modelica-like text, with the minimal parentheses.
#include "mocc/expr/builtins.h"
#include "mocc/expr/expr.h"

#include <cmath>
#include <fmt/format.h>

namespace mocc::expr {

const char* opSpelling(Op op) {
  switch (op) {
  case Op::Neg: return "-";
  case Op::Add: return " + ";
  case Op::Sub: return " - ";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Pow: return "^";
  case Op::Lt: return " < ";
  case Op::Le: return " <= ";
  case Op::Gt: return " > ";
  case Op::Ge: return " >= ";
  case Op::Eq: return " == ";
  case Op::Ne: return " <> ";
  case Op::Not: return "not ";
  case Op::And: return " and ";
  case Op::Or: return " or ";
  default: return "?";
  }
}

namespace {

// Binding strength, following MLS table 3.1 (higher binds tighter).
int precedence(Op op) {
  switch (op) {
  case Op::If: return 0;
  case Op::Or: return 1;
  case Op::And: return 2;
  case Op::Not: return 3;
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge:
  case Op::Eq:
  case Op::Ne: return 4;
  case Op::Add:
  case Op::Sub: return 5;
  case Op::Neg: return 5; // unary minus sits with additive operators in Modelica
  case Op::Mul:
  case Op::Div: return 6;
  case Op::Pow: return 7;
  default: return 8; // primaries
  }
}

std::string number(const Node& n) {
  if (n.type == Type::Boolean) return n.value != 0 ? "true" : "false";
  if (n.type == Type::Integer) return fmt::format("{}", static_cast<long long>(n.value));
  if (std::isinf(n.value)) return n.value > 0 ? "1e1000" : "-1e1000";
  std::string text = fmt::format("{}", n.value);
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

class Printer {
public:
  Printer(const Pool& pool, const Names& names) : pool_(pool), names_(names) {}

  std::string operator()(Id id) { return print(id); }

private:
  std::string print(Id id) {
    const Node& n = pool_.node(id);
    auto args = pool_.args(id);
    switch (n.op) {
    case Op::Constant: return n.type == Type::String ? quoted(pool_.text(id)) : number(n);
    case Op::Variable: return variableName(n.index);
    case Op::Pre: return "pre(" + variableName(n.index) + ")";
    case Op::Time: return "time";
    case Op::Initial: return "initial()";
    case Op::Terminal: return "terminal()";
    case Op::Neg: return "-" + operand(args[0], precedence(Op::Neg) + 1);
    case Op::Not: return "not " + operand(args[0], precedence(Op::Not));
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Pow:
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne:
    case Op::And:
    case Op::Or: return binary(n.op, args[0], args[1]);
    case Op::If:
      return "if " + print(args[0]) + " then " + print(args[1]) + " else " + print(args[2]);
    case Op::Call: return builtinCall(static_cast<Builtin>(n.index), args);
    case Op::NoEvent: return call("noEvent", args);
    case Op::Sample: return call("sample", args);
    case Op::Homotopy: return call("homotopy", args);
    case Op::Delay: // delay(e, d) stands for delay(e, d, d)
      return call("delay", args[1] == args[2] ? args.first(2) : args);
    case Op::Relation: return "$rel" + std::to_string(n.index) + "(" + print(args[0]) + ")";
    case Op::FunctionCall:
      return call(functionName(n.index), args) + "[" + std::to_string(n.subindex + 1) + "]";
    case Op::Local: return localName(n.index);
    case Op::LocalElement: return localName(n.index) + "[" + print(args[0]) + "]";
    }
    return "?";
  }

  // The text built-ins as the Modelica they come from: a + b, String(x, ...).
  std::string builtinCall(Builtin fn, std::span<const Id> args) {
    switch (fn) {
    case Builtin::Concat: return binary(Op::Add, args[0], args[1]);
    case Builtin::RealString:
    case Builtin::RealFormat:
    case Builtin::IntegerString: return call("String", args);
    default: return call(builtinName(fn), args);
    }
  }

  static std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
      if (c == '"' || c == '\\') out += '\\';
      if (c == '\n') {
        out += "\\n";
        continue;
      }
      out += c;
    }
    return out + "\"";
  }

  std::string call(const std::string& fn, std::span<const Id> args) {
    std::string out = fn + "(";
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (i) out += ", ";
      out += print(args[i]);
    }
    return out + ")";
  }

  std::string binary(Op op, Id lhs, Id rhs) {
    int p = precedence(op);
    bool nonAssociative = isComparison(op) || op == Op::Pow;
    // Left operands bind at the operator's level; right operands one tighter, because
    // a - (b - c) and a / (b * c) need their parentheses.
    std::string left = operand(lhs, nonAssociative ? p + 1 : p);
    std::string right = operand(rhs, p + 1);
    return left + opSpelling(op) + right;
  }

  std::string operand(Id id, int minimum) {
    int p = precedence(pool_.op(id));
    bool negativeConstant = pool_.isConstant(id) && pool_.constantValue(id) < 0;
    if (p < minimum || (negativeConstant && minimum > precedence(Op::Add))) {
      return "(" + print(id) + ")";
    }
    return print(id);
  }

  std::string variableName(std::uint32_t index) {
    return names_.variable ? names_.variable(index) : "$variable" + std::to_string(index);
  }

  std::string localName(std::uint32_t slot) {
    return names_.local ? names_.local(slot) : "$local" + std::to_string(slot);
  }

  std::string functionName(std::uint32_t function) {
    return names_.function ? names_.function(function) : "$fn" + std::to_string(function);
  }

  const Pool& pool_;
  const Names& names_;
};

} // namespace

std::string print(const Pool& pool, Id id, const VariableNamer& name) {
  return Printer(pool, Names{name, nullptr, nullptr})(id);
}

std::string print(const Pool& pool, Id id, const Names& names) { return Printer(pool, names)(id); }

} // namespace mocc::expr
