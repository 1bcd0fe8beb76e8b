// The printer of flat::Model (`mocc flatten`): Modelica syntax, declaration order.
#include "mocc/flat/model.h"

#include <cmath>
#include <fmt/format.h>

namespace mocc::flat {

const char* spelling(Type type) {
  switch (type) {
  case Type::Real: return "Real";
  case Type::Integer: return "Integer";
  case Type::Boolean: return "Boolean";
  case Type::String: return "String";
  case Type::Enumeration: return "enumeration";
  }
  return "?";
}

const char* spelling(Variability variability) {
  switch (variability) {
  case Variability::Constant: return "constant";
  case Variability::Parameter: return "parameter";
  case Variability::Discrete: return "discrete";
  case Variability::Continuous: return "";
  }
  return "";
}

Expr Expr::literal(Type type, double value, SourceRange range) {
  Expr e;
  e.kind = Kind::Literal;
  e.type = type;
  e.number = value;
  e.range = range;
  return e;
}

Expr Expr::string(std::string value, SourceRange range) {
  Expr e;
  e.kind = Kind::Literal;
  e.type = Type::String;
  e.text = std::move(value);
  e.range = range;
  return e;
}

const char* spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Minus: return "-";
  case UnaryOp::Plus: return "+";
  case UnaryOp::Not: return "not ";
  }
  return "?";
}

const char* spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Pow: return "^";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "<>";
  case BinaryOp::And: return "and";
  case BinaryOp::Or: return "or";
  }
  return "?";
}

namespace {

// Binding strength following MLS table 3.1; higher binds tighter.
int precedence(const Expr& e) {
  switch (e.kind) {
  case Expr::Kind::If: return 0;
  case Expr::Kind::Unary: return e.unary == UnaryOp::Not ? 3 : 5;
  case Expr::Kind::Binary:
    switch (e.binary) {
    case BinaryOp::Or: return 1;
    case BinaryOp::And: return 2;
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
    case BinaryOp::Eq:
    case BinaryOp::Ne: return 4;
    case BinaryOp::Add:
    case BinaryOp::Sub: return 5;
    case BinaryOp::Mul:
    case BinaryOp::Div: return 6;
    case BinaryOp::Pow: return 7;
    }
    return 8;
  default: return 8;
  }
}

std::string quote(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    default: out += c;
    }
  }
  return out + "\"";
}

std::string number(const Expr& e) {
  if (e.type == Type::Boolean) return e.number != 0 ? "true" : "false";
  if (e.type == Type::Integer) return fmt::format("{}", static_cast<long long>(e.number));
  std::string text = fmt::format("{}", e.number);
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

class ExprPrinter {
public:
  explicit ExprPrinter(const Model& model) : model_(model) {}

  std::string print(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::Literal: return e.type == Type::String ? quote(e.text) : number(e);
    case Expr::Kind::Variable: return model_.variables[e.variable].name;
    case Expr::Kind::Time: return "time";
    case Expr::Kind::EnumLiteral: return e.text;
    case Expr::Kind::Call: return call(e);
    case Expr::Kind::Unary: {
      const char* op = spelling(e.unary);
      return op + operand(e.args[0], e.unary == UnaryOp::Not ? 3 : 6);
    }
    case Expr::Kind::Binary: {
      int p = precedence(e);
      bool nonAssociative = p == 4 || p == 7;
      return operand(e.args[0], nonAssociative ? p + 1 : p) + " " + spelling(e.binary) + " " +
             operand(e.args[1], p + 1);
    }
    case Expr::Kind::If: return ifExpression(e);
    }
    return "?";
  }

private:
  std::string call(const Expr& e) {
    bool isArray = e.text == "array";
    std::string out = isArray ? "{" : e.text + "(";
    for (std::size_t i = 0; i < e.args.size(); ++i) {
      if (i) out += ", ";
      out += print(e.args[i]);
    }
    return out + (isArray ? "}" : ")");
  }

  std::string ifExpression(const Expr& e) {
    std::string out;
    std::size_t branches = (e.args.size() - 1) / 2;
    for (std::size_t i = 0; i < branches; ++i) {
      out += (i == 0 ? "if " : " elseif ") + print(e.args[2 * i]) + " then " +
             print(e.args[2 * i + 1]);
    }
    return out + " else " + print(e.args.back());
  }

  std::string operand(const Expr& e, int minimum) {
    bool negativeLiteral = e.isLiteral() && e.type != Type::String && e.number < 0;
    if (precedence(e) < minimum || (negativeLiteral && minimum > 5)) return "(" + print(e) + ")";
    return print(e);
  }

  const Model& model_;
};

class ModelPrinter {
public:
  explicit ModelPrinter(const Model& model) : model_(model), expr_(model) {}

  std::string run() {
    out_ += "class " + model_.name;
    if (!model_.description.empty()) out_ += " " + quote(model_.description);
    out_ += "\n";
    for (const Variable& v : model_.variables)
      variable(v);
    if (!model_.initialEquations.empty()) {
      out_ += "initial equation\n";
      for (const Equation& eq : model_.initialEquations)
        equation(eq, 1);
    }
    if (!model_.equations.empty()) {
      out_ += "equation\n";
      for (const Equation& eq : model_.equations)
        equation(eq, 1);
    }
    out_ += "end " + model_.name + ";\n";
    return out_;
  }

private:
  void variable(const Variable& v) {
    out_ += "  ";
    if (v.isProtected) out_ += "protected ";
    if (v.variability != Variability::Continuous) {
      out_ += spelling(v.variability);
      out_ += " ";
    }
    if (v.causality == Causality::Input) out_ += "input ";
    if (v.causality == Causality::Output) out_ += "output ";
    out_ += spelling(v.type);
    out_ += " " + v.name + attributes(v.attributes);
    if (v.binding) out_ += " = " + expr_.print(*v.binding);
    if (!v.description.empty()) out_ += " " + quote(v.description);
    out_ += ";\n";
  }

  std::string attributes(const Attributes& a) {
    std::vector<std::string> parts;
    auto text = [&](const char* name, const std::optional<std::string>& value) {
      if (value) parts.push_back(fmt::format("{} = {}", name, quote(*value)));
    };
    auto expression = [&](const char* name, const std::optional<Expr>& value) {
      if (value) parts.push_back(fmt::format("{} = {}", name, expr_.print(*value)));
    };
    text("quantity", a.quantity);
    text("unit", a.unit);
    text("displayUnit", a.displayUnit);
    expression("min", a.min);
    expression("max", a.max);
    expression("start", a.start);
    expression("fixed", a.fixed);
    expression("nominal", a.nominal);
    expression("stateSelect", a.stateSelect);
    expression("unbounded", a.unbounded);
    if (parts.empty()) return "";
    std::string out = "(";
    for (std::size_t i = 0; i < parts.size(); ++i)
      out += (i ? ", " : "") + parts[i];
    return out + ")";
  }

  void equation(const Equation& eq, int depth) {
    std::string indent(2 * depth, ' ');
    if (auto* e = std::get_if<Equality>(&eq.node)) {
      out_ += indent + expr_.print(e->lhs) + " = " + expr_.print(e->rhs) + ";\n";
    } else if (auto* w = std::get_if<When>(&eq.node)) {
      for (std::size_t i = 0; i < w->branches.size(); ++i) {
        out_ += indent + (i == 0 ? "when " : "elsewhen ") + expr_.print(w->branches[i].condition) +
                " then\n";
        for (const Equation& inner : w->branches[i].body)
          equation(inner, depth + 1);
      }
      out_ += indent + "end when;\n";
    } else if (auto* r = std::get_if<Reinit>(&eq.node)) {
      out_ += indent + "reinit(" + expr_.print(r->state) + ", " + expr_.print(r->value) + ");\n";
    } else if (auto* a = std::get_if<AssertEquation>(&eq.node)) {
      out_ += indent + "assert(" + expr_.print(a->condition) + ", " + expr_.print(a->message) +
              (a->level == AssertionLevel::Warning ? ", AssertionLevel.warning" : "") + ");\n";
    } else if (auto* t = std::get_if<Terminate>(&eq.node)) {
      out_ += indent + "terminate(" + expr_.print(t->message) + ");\n";
    }
  }

  const Model& model_;
  ExprPrinter expr_;
  std::string out_;
};

} // namespace

std::string print(const Model& model) { return ModelPrinter(model).run(); }
std::string print(const Model& model, const Expr& expr) { return ExprPrinter(model).print(expr); }

} // namespace mocc::flat
