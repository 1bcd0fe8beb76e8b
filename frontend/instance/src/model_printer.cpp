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
  explicit ExprPrinter(const Model& model, const Function* function = nullptr)
      : model_(model), function_(function) {}

  /// `assert(c, m)`, `assert(c, m, AssertionLevel.warning)`, or `print(m)` for a message.
  std::string assertion(const Expr& condition, const Expr& message, AssertionLevel level) {
    if (level == AssertionLevel::Message) return "print(" + print(message) + ")";
    return "assert(" + print(condition) + ", " + print(message) +
           (level == AssertionLevel::Warning ? ", AssertionLevel.warning" : "") + ")";
  }

  std::string print(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::Literal:
      if (e.type == Type::String) return quote(e.text);
      if (e.type == Type::Enumeration) {
        return e.text.empty() ? fmt::format("/* literal {} */", e.number) : e.text;
      }
      return number(e);
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
    case Expr::Kind::FunctionCall: return functionCall(e);
    case Expr::Kind::Local: return local(e.variable);
    case Expr::Kind::LocalElement: return local(e.variable) + subscripts(e.args);
    }
    return "?";
  }

  std::string local(std::uint32_t index) const {
    return function_ && index < function_->variables.size() ? function_->variables[index].name
                                                            : "$local" + std::to_string(index);
  }

  std::string subscripts(const std::vector<Expr>& indices) {
    std::string out = "[";
    for (std::size_t i = 0; i < indices.size(); ++i)
      out += (i ? ", " : "") + print(indices[i]);
    return out + "]";
  }

private:
  std::string call(const Expr& e) {
    if (e.text == "String" && e.args.size() >= 5) return stringCall(e);
    bool isArray = e.text == "array";
    std::string out = isArray ? "{" : e.text + "(";
    for (std::size_t i = 0; i < e.args.size(); ++i) {
      if (i) out += ", ";
      out += print(e.args[i]);
    }
    return out + (isArray ? "}" : ")");
  }

  // String(value, significantDigits, minimumLength, leftJustified, format, literals...) as
  // written, with the options that differ from their defaults.
  std::string stringCall(const Expr& e) {
    std::string out = "String(" + print(e.args[0]);
    if (!e.args[4].text.empty()) return out + ", format = " + quote(e.args[4].text) + ")";
    if (e.args[0].type == Type::Real && e.args[1].number != 6)
      out += ", significantDigits = " + print(e.args[1]);
    if (e.args[2].number != 0) out += ", minimumLength = " + print(e.args[2]);
    if (e.args[3].number == 0) out += ", leftJustified = false";
    return out + ")";
  }

  // f(args) for a function with one scalar output; f(args)[k] names output element k
  // (1-based, flattened) otherwise.
  std::string functionCall(const Expr& e) {
    const Function* f =
        e.variable < model_.functions.size() ? &model_.functions[e.variable] : nullptr;
    std::string out = (f ? f->name : "$function" + std::to_string(e.variable)) + "(";
    for (std::size_t i = 0; i < e.args.size(); ++i)
      out += (i ? ", " : "") + print(e.args[i]);
    out += ")";
    if (!f || f->outputElements() != 1) out += "[" + std::to_string(e.output + 1) + "]";
    return out;
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
    bool negativeLiteral =
        e.isLiteral() && e.type != Type::String && e.type != Type::Enumeration && e.number < 0;
    if (precedence(e) < minimum || (negativeLiteral && minimum > 5)) return "(" + print(e) + ")";
    return print(e);
  }

  const Model& model_;
  const Function* function_;
};

std::string typeSpelling(Type type, const std::string& typeName) {
  return type == Type::Enumeration && !typeName.empty() ? typeName : spelling(type);
}

class StatementPrinter {
public:
  StatementPrinter(ExprPrinter& expr, const Model& model, const Function* function)
      : expr_(expr), model_(model), function_(function) {}

  void print(const std::vector<Statement>& statements, int depth, std::string& out) {
    for (const Statement& s : statements)
      statement(s, depth, out);
  }

private:
  std::string target(const LValue& t) {
    if (function_) {
      return expr_.local(t.variable) + (t.subscripts.empty() ? "" : expr_.subscripts(t.subscripts));
    }
    return model_.variables[t.variable].name;
  }

  void branches(const std::vector<StatementBranch>& list, const char* first, const char* next,
                int depth, std::string& out) {
    std::string indent(2 * depth, ' ');
    for (std::size_t i = 0; i < list.size(); ++i) {
      out += indent + (i == 0 ? first : next) + expr_.print(list[i].condition) + " then\n";
      print(list[i].body, depth + 1, out);
    }
  }

  void statement(const Statement& s, int depth, std::string& out) {
    std::string indent(2 * depth, ' ');
    if (auto* a = std::get_if<AssignStatement>(&s.node)) {
      out += indent + target(a->target) + " := " + expr_.print(a->value) + ";\n";
    } else if (auto* c = std::get_if<CallStatement>(&s.node)) {
      std::string targets;
      for (std::size_t i = 0; i < c->outputs.size(); ++i) {
        targets += (i ? ", " : "") + (c->outputs[i] ? target(*c->outputs[i]) : std::string());
      }
      Expr call = c->call;
      call.output = 0;
      std::string text = expr_.print(call);
      if (text.back() == ']') text = text.substr(0, text.rfind('['));
      out += indent + (c->outputs.empty() ? "" : "(" + targets + ") := ") + text + ";\n";
    } else if (auto* i = std::get_if<IfStatement>(&s.node)) {
      branches(i->branches, "if ", "elseif ", depth, out);
      if (!i->elseBody.empty()) {
        out += indent + "else\n";
        print(i->elseBody, depth + 1, out);
      }
      out += indent + "end if;\n";
    } else if (auto* f = std::get_if<ForStatement>(&s.node)) {
      out += indent + "for " + expr_.local(f->iterator) + " in " + expr_.print(f->start) + ":" +
             expr_.print(f->step) + ":" + expr_.print(f->stop) + " loop\n";
      print(f->body, depth + 1, out);
      out += indent + "end for;\n";
    } else if (auto* w = std::get_if<WhileStatement>(&s.node)) {
      out += indent + "while " + expr_.print(w->condition) + " loop\n";
      print(w->body, depth + 1, out);
      out += indent + "end while;\n";
    } else if (auto* w = std::get_if<WhenStatement>(&s.node)) {
      branches(w->branches, "when ", "elsewhen ", depth, out);
      out += indent + "end when;\n";
    } else if (std::holds_alternative<BreakStatement>(s.node)) {
      out += indent + "break;\n";
    } else if (std::holds_alternative<ReturnStatement>(s.node)) {
      out += indent + "return;\n";
    } else if (auto* a = std::get_if<AssertStatement>(&s.node)) {
      out += indent + expr_.assertion(a->condition, a->message, a->level) + ";\n";
    } else if (auto* r = std::get_if<ReinitStatement>(&s.node)) {
      out += indent + "reinit(" + expr_.print(r->state) + ", " + expr_.print(r->value) + ");\n";
    } else if (auto* t = std::get_if<TerminateStatement>(&s.node)) {
      out += indent + "terminate(" + expr_.print(t->message) + ");\n";
    }
  }

  ExprPrinter& expr_;
  const Model& model_;
  const Function* function_;
};

class ModelPrinter {
public:
  explicit ModelPrinter(const Model& model) : model_(model), expr_(model) {}

  std::string run() {
    for (const Function& f : model_.functions)
      function(f);
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
    StatementPrinter statements(expr_, model_, nullptr);
    for (const Algorithm& algorithm : model_.algorithms) {
      out_ += algorithm.initial ? "initial algorithm\n" : "algorithm\n";
      statements.print(algorithm.statements, 1, out_);
    }
    out_ += "end " + model_.name + ";\n";
    return out_;
  }

private:
  void function(const Function& f) {
    ExprPrinter printer(model_, &f);
    out_ += "function " + f.name + "\n";
    for (const FunctionVariable& v : f.variables) {
      const char* role = v.role == FunctionVariable::Role::Input    ? "input "
                         : v.role == FunctionVariable::Role::Output ? "output "
                                                                    : "protected ";
      std::string dims;
      for (std::size_t i = 0; i < v.dims.size(); ++i) {
        dims += (i ? ", " : "[") + std::to_string(v.dims[i]);
      }
      if (!dims.empty()) dims += "]";
      out_ += std::string("  ") + role + spelling(v.type) + " " + v.name + dims + ";\n";
    }
    if (!f.body.empty() || !f.external) out_ += "algorithm\n";
    StatementPrinter(printer, model_, &f).print(f.body, 1, out_);
    if (f.external) externalCall(*f.external, f, printer);
    out_ += "end " + f.name + ";\n\n";
  }

  static std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text)
      out += c == '"' ? std::string("\\\"") : c == '\n' ? std::string("\\n") : std::string(1, c);
    return out;
  }

  // external "C" y = f(x, size(a, 1)) annotation(Library = {...}): arguments as resolved.
  void externalCall(const ExternalCall& call, const Function& f, ExprPrinter& printer) {
    std::string args;
    for (const ExternalArgument& a : call.arguments) {
      std::string arg = a.variable ? f.variables[*a.variable].name : printer.print(a.value);
      args += (args.empty() ? "" : ", ") + arg;
    }
    std::string result = call.result ? f.variables[*call.result].name + " = " : "";
    out_ += "external \"" + call.language + "\" " + result + call.symbol + "(" + args + ")";
    std::string annotations;
    auto list = [&](const char* name, const std::vector<std::string>& values) {
      if (values.empty()) return;
      std::string joined;
      for (const std::string& v : values)
        joined += (joined.empty() ? "\"" : ", \"") + escaped(v) + "\"";
      annotations += (annotations.empty() ? "" : ", ") + std::string(name) + " = {" + joined + "}";
    };
    list("Include", f.externalLibraries.includes);
    list("Library", f.externalLibraries.libraries);
    out_ += annotations.empty() ? ";\n" : " annotation(" + annotations + ");\n";
  }

  void variable(const Variable& v) {
    out_ += "  ";
    if (v.isProtected) out_ += "protected ";
    if (v.internal) out_ += "/* internal */ ";
    if (v.isFlow) out_ += "flow ";
    if (v.variability != Variability::Continuous) {
      out_ += spelling(v.variability);
      out_ += " ";
    }
    if (v.causality == Causality::Input) out_ += "input ";
    if (v.causality == Causality::Output) out_ += "output ";
    out_ += typeSpelling(v.type, v.typeName);
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

  void equations(const std::vector<Equation>& list, int depth) {
    for (const Equation& inner : list)
      equation(inner, depth);
  }

  void equation(const Equation& eq, int depth) {
    std::string indent(2 * depth, ' ');
    if (auto* e = std::get_if<Equality>(&eq.node)) {
      out_ += indent + expr_.print(e->lhs) + " = " + expr_.print(e->rhs) + ";\n";
    } else if (auto* w = std::get_if<When>(&eq.node)) {
      for (std::size_t i = 0; i < w->branches.size(); ++i) {
        out_ += indent + (i == 0 ? "when " : "elsewhen ") + expr_.print(w->branches[i].condition) +
                " then\n";
        equations(w->branches[i].body, depth + 1);
      }
      out_ += indent + "end when;\n";
    } else if (auto* f = std::get_if<IfEquation>(&eq.node)) {
      for (std::size_t i = 0; i < f->branches.size(); ++i) {
        out_ += indent + (i == 0 ? "if " : "elseif ") + expr_.print(f->branches[i].condition) +
                " then\n";
        equations(f->branches[i].body, depth + 1);
      }
      if (!f->elseBody.empty()) {
        out_ += indent + "else\n";
        equations(f->elseBody, depth + 1);
      }
      out_ += indent + "end if;\n";
    } else if (auto* r = std::get_if<Reinit>(&eq.node)) {
      out_ += indent + "reinit(" + expr_.print(r->state) + ", " + expr_.print(r->value) + ");\n";
    } else if (auto* a = std::get_if<AssertEquation>(&eq.node)) {
      out_ += indent + expr_.assertion(a->condition, a->message, a->level) + ";\n";
    } else if (auto* t = std::get_if<Terminate>(&eq.node)) {
      out_ += indent + "terminate(" + expr_.print(t->message) + ");\n";
    }
  }

  const Model& model_;
  ExprPrinter expr_;
  std::string out_;
};

} // namespace

std::size_t FunctionVariable::elementCount() const {
  std::size_t n = 1;
  for (std::size_t d : dims)
    n *= d;
  return n;
}

std::size_t Function::inputElements() const {
  std::size_t n = 0;
  for (const FunctionVariable& v : variables) {
    if (v.role == FunctionVariable::Role::Input) n += v.elementCount();
  }
  return n;
}

std::size_t Function::outputElements() const {
  std::size_t n = 0;
  for (const FunctionVariable& v : variables) {
    if (v.role == FunctionVariable::Role::Output) n += v.elementCount();
  }
  return n;
}

std::string print(const Model& model) { return ModelPrinter(model).run(); }
std::string print(const Model& model, const Expr& expr) { return ExprPrinter(model).print(expr); }

} // namespace mocc::flat
