// Building flat::Models by hand for backend tests: variables, expressions, equations,
// algorithm statements and functions, without the frontend. Every element gets a source range
// in a test file registered with `sources`, so diagnostics can be checked with positions.
#pragma once

#include "mocc/backend/pipeline.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace mocc::test {

using flat::BinaryOp;
using flat::Expr;
using flat::Type;

/// A source range at line:column of the test file (file 1).
inline SourceRange at(std::uint32_t line, std::uint32_t column = 1) {
  return SourceRange{{1, line, column}, {1, line, column + 1}};
}

inline Expr number(double value, Type type = Type::Real) {
  Expr e;
  e.kind = Expr::Kind::Literal;
  e.type = type;
  e.number = value;
  return e;
}
inline Expr integer(double value) { return number(value, Type::Integer); }
inline Expr boolean(bool value) { return number(value ? 1 : 0, Type::Boolean); }
inline Expr text(const std::string& value) {
  Expr e;
  e.kind = Expr::Kind::Literal;
  e.type = Type::String;
  e.text = value;
  return e;
}
/// String(value, significantDigits, minimumLength, leftJustified) as the frontend lowers it
/// when the value is not constant.
inline Expr stringOf(Expr value, int significantDigits = 6, int minimumLength = 0,
                     bool leftJustified = true) {
  Expr e;
  e.kind = Expr::Kind::Call;
  e.type = Type::String;
  e.text = "String";
  e.args = {std::move(value), integer(significantDigits), integer(minimumLength),
            boolean(leftJustified), text("")};
  return e;
}
inline Expr timeExpr() {
  Expr e;
  e.kind = Expr::Kind::Time;
  return e;
}
inline Expr binary(BinaryOp op, Expr lhs, Expr rhs) {
  Expr e;
  e.kind = Expr::Kind::Binary;
  e.binary = op;
  bool comparison = op >= BinaryOp::Lt;
  e.type = comparison                                             ? Type::Boolean
           : lhs.type == Type::String && rhs.type == Type::String ? Type::String
           : lhs.type == Type::Integer && rhs.type == Type::Integer && op != BinaryOp::Div &&
                   op != BinaryOp::Pow
               ? Type::Integer
               : Type::Real;
  e.args = {std::move(lhs), std::move(rhs)};
  return e;
}
inline Expr operator+(Expr a, Expr b) { return binary(BinaryOp::Add, std::move(a), std::move(b)); }
inline Expr operator-(Expr a, Expr b) { return binary(BinaryOp::Sub, std::move(a), std::move(b)); }
inline Expr operator*(Expr a, Expr b) { return binary(BinaryOp::Mul, std::move(a), std::move(b)); }
inline Expr operator/(Expr a, Expr b) { return binary(BinaryOp::Div, std::move(a), std::move(b)); }
inline Expr operator<(Expr a, Expr b) { return binary(BinaryOp::Lt, std::move(a), std::move(b)); }
inline Expr operator<=(Expr a, Expr b) { return binary(BinaryOp::Le, std::move(a), std::move(b)); }
inline Expr operator>(Expr a, Expr b) { return binary(BinaryOp::Gt, std::move(a), std::move(b)); }
inline Expr operator>=(Expr a, Expr b) { return binary(BinaryOp::Ge, std::move(a), std::move(b)); }
inline Expr operator&&(Expr a, Expr b) { return binary(BinaryOp::And, std::move(a), std::move(b)); }
inline Expr operator-(Expr a) {
  Expr e;
  e.kind = Expr::Kind::Unary;
  e.unary = flat::UnaryOp::Minus;
  e.type = a.type;
  e.args = {std::move(a)};
  return e;
}
inline Expr call(const std::string& name, std::vector<Expr> args, Type type = Type::Real) {
  Expr e;
  e.kind = Expr::Kind::Call;
  e.text = name;
  e.type = type;
  e.args = std::move(args);
  return e;
}
inline Expr ifExpr(Expr condition, Expr thenValue, Expr elseValue) {
  Expr e;
  e.kind = Expr::Kind::If;
  e.type = thenValue.type;
  e.args = {std::move(condition), std::move(thenValue), std::move(elseValue)};
  return e;
}
/// A scalar variable of the function being built.
inline Expr local(std::uint32_t variable, Type type = Type::Real) {
  Expr e;
  e.kind = Expr::Kind::Local;
  e.variable = variable;
  e.type = type;
  return e;
}
/// An element of an array variable of the function being built (1-based subscripts).
inline Expr element(std::uint32_t variable, std::vector<Expr> subscripts, Type type = Type::Real) {
  Expr e;
  e.kind = Expr::Kind::LocalElement;
  e.variable = variable;
  e.type = type;
  e.args = std::move(subscripts);
  return e;
}
/// Output element `output` of a call of model.functions[function].
inline Expr functionCall(std::uint32_t function, std::uint32_t output, std::vector<Expr> args,
                         Type type = Type::Real) {
  Expr e;
  e.kind = Expr::Kind::FunctionCall;
  e.variable = function;
  e.output = output;
  e.type = type;
  e.args = std::move(args);
  return e;
}

// ------------------------------------------------------------------------------ statements

inline flat::Statement statement(decltype(flat::Statement::node) node, SourceRange range = {}) {
  return flat::Statement{std::move(node), range};
}
inline flat::Statement assign(std::uint32_t variable, Expr value, SourceRange range = {}) {
  return statement(flat::AssignStatement{{variable, {}}, std::move(value)}, range);
}
inline flat::Statement assignElement(std::uint32_t variable, std::vector<Expr> subscripts,
                                     Expr value, SourceRange range = {}) {
  return statement(flat::AssignStatement{{variable, std::move(subscripts)}, std::move(value)},
                   range);
}
inline flat::Statement ifStatement(Expr condition, std::vector<flat::Statement> body,
                                   std::vector<flat::Statement> elseBody = {},
                                   SourceRange range = {}) {
  flat::IfStatement s;
  s.branches.push_back({std::move(condition), std::move(body), range});
  s.elseBody = std::move(elseBody);
  return statement(std::move(s), range);
}
inline flat::Statement forStatement(std::uint32_t iterator, Expr start, Expr stop,
                                    std::vector<flat::Statement> body, Expr step = integer(1)) {
  return statement(flat::ForStatement{iterator, std::move(start), std::move(step), std::move(stop),
                                      std::move(body)});
}
inline flat::Statement whileStatement(Expr condition, std::vector<flat::Statement> body) {
  return statement(flat::WhileStatement{std::move(condition), std::move(body)});
}
inline flat::Statement whenStatement(Expr condition, std::vector<flat::Statement> body,
                                     SourceRange range = {}) {
  flat::WhenStatement s;
  s.branches.push_back({std::move(condition), std::move(body), range});
  return statement(std::move(s), range);
}
inline flat::Statement assertStatement(Expr condition, const std::string& message,
                                       flat::AssertionLevel level = flat::AssertionLevel::Error) {
  return statement(flat::AssertStatement{std::move(condition), text(message), level});
}
inline flat::Statement assertStatement(Expr condition, Expr message,
                                       flat::AssertionLevel level = flat::AssertionLevel::Error) {
  return statement(flat::AssertStatement{std::move(condition), std::move(message), level});
}

// -------------------------------------------------------------------------------- functions

/// A flat::Function under construction.
struct FunctionBuilder {
  flat::Function function;

  explicit FunctionBuilder(std::string name) { function.name = std::move(name); }

  std::uint32_t add(const std::string& name, flat::FunctionVariable::Role role,
                    Type type = Type::Real, std::vector<std::size_t> dims = {}) {
    function.variables.push_back(flat::FunctionVariable{name, type, std::move(dims), role});
    return static_cast<std::uint32_t>(function.variables.size() - 1);
  }
  std::uint32_t input(const std::string& name, Type type = Type::Real,
                      std::vector<std::size_t> dims = {}) {
    return add(name, flat::FunctionVariable::Role::Input, type, std::move(dims));
  }
  std::uint32_t output(const std::string& name, Type type = Type::Real,
                       std::vector<std::size_t> dims = {}) {
    return add(name, flat::FunctionVariable::Role::Output, type, std::move(dims));
  }
  std::uint32_t protectedVariable(const std::string& name, Type type = Type::Real,
                                  std::vector<std::size_t> dims = {}) {
    return add(name, flat::FunctionVariable::Role::Protected, type, std::move(dims));
  }
};

// ------------------------------------------------------------------------------------ models

/// A flat::Model under construction, with a source file for positions.
struct ModelBuilder {
  flat::Model model;

  explicit ModelBuilder(std::string name = "M") {
    model.name = std::move(name);
    model.range = at(1);
  }

  std::uint32_t variable(const std::string& name, Type type = Type::Real,
                         flat::Variability variability = flat::Variability::Continuous,
                         std::optional<Expr> start = std::nullopt) {
    flat::Variable v;
    v.name = name;
    v.type = type;
    v.variability = variability;
    v.attributes.start = std::move(start);
    v.range = at(2);
    model.variables.push_back(std::move(v));
    return static_cast<std::uint32_t>(model.variables.size() - 1);
  }
  std::uint32_t parameter(const std::string& name, Expr value) {
    std::uint32_t index = variable(name, value.type, flat::Variability::Parameter);
    model.variables[index].binding = std::move(value);
    return index;
  }
  /// A reference to model.variables[index].
  Expr ref(std::uint32_t index) const {
    Expr e;
    e.kind = Expr::Kind::Variable;
    e.variable = index;
    e.type = model.variables[index].type;
    return e;
  }
  Expr der(std::uint32_t index) const { return call("der", {ref(index)}); }
  Expr pre(std::uint32_t index) const {
    return call("pre", {ref(index)}, model.variables[index].type);
  }

  void equation(Expr lhs, Expr rhs, SourceRange range = {}) {
    flat::Equation& e = model.equations.emplace_back();
    e.node = flat::Equality{std::move(lhs), std::move(rhs)};
    e.range = range;
  }
  std::uint32_t function(FunctionBuilder f) {
    model.functions.push_back(std::move(f.function));
    return static_cast<std::uint32_t>(model.functions.size() - 1);
  }
  void algorithm(std::vector<flat::Statement> statements, SourceRange range = at(20)) {
    model.algorithms.push_back({std::move(statements), false, range});
  }
};

inline flat::Equation equality(Expr lhs, Expr rhs, SourceRange range = {}) {
  return {flat::Equality{std::move(lhs), std::move(rhs)}, range};
}

/// The backend run over a hand-built model, with what the passes printed.
struct Compilation {
  SourceManager sources;
  Diagnostics diagnostics;
  std::optional<sim::Program> program;
  std::string printed;

  std::string rendered() const {
    std::string out;
    for (const Diagnostic& d : diagnostics.all())
      out += render(d, sources);
    return out;
  }
};

/// Runs backend::compile on `model`, printing after `passes`. The test file "test.mo" has 40
/// numbered lines so that positions render.
inline void compileModel(Compilation& c, const flat::Model& model,
                         const std::vector<std::string>& passes = {}) {
  std::string text;
  for (int line = 1; line <= 40; ++line)
    text += "line " + std::to_string(line) + " of the test model\n";
  c.sources.add("test.mo", text);
  backend::PipelineOptions options;
  options.verifyEach = true;
  options.printAfter = passes;
  options.print = [&c](const std::string&, const std::string& printed) { c.printed += printed; };
  c.program = backend::compile(model, c.sources, c.diagnostics, options);
}

} // namespace mocc::test
