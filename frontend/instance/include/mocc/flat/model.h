// flat::Model: the output of frontend/instance and the input of backend/dae. One class,
// fully instantiated: every name is resolved to a flat variable, every expression is typed,
// constants may still be symbolic. Printed in Modelica syntax by `mocc flatten`.
#pragma once

#include "mocc/support/source.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mocc::flat {

/// Enumeration is only used for literals of the built-in enumerations (StateSelect,
/// AssertionLevel) until user enumerations arrive with the language issue.
enum class Type : std::uint8_t { Real, Integer, Boolean, String, Enumeration };
enum class Variability : std::uint8_t { Constant, Parameter, Discrete, Continuous };
enum class Causality : std::uint8_t { None, Input, Output };

/// Operators of flat expressions; element-wise forms are already resolved for scalars.
enum class UnaryOp : std::uint8_t { Minus, Plus, Not };
enum class BinaryOp : std::uint8_t { Add, Sub, Mul, Div, Pow, Lt, Le, Gt, Ge, Eq, Ne, And, Or };

const char* spelling(UnaryOp op);  // "-", "+", "not "
const char* spelling(BinaryOp op); // "+", "<=", "and", ...
const char* spelling(Type type);
const char* spelling(Variability variability); // "constant", "parameter", "discrete", ""

/// A typed expression tree whose names are resolved.
struct Expr {
  enum class Kind : std::uint8_t {
    Literal,  // number/boolean/string: `number` or `text`
    Variable, // `variable` indexes Model::variables
    Time,
    Call,        // `name` is a built-in operator or function: der, pre, sin, sample, ...
    Unary,       // `unary`, args[0]
    Binary,      // `binary`, args[0], args[1]
    If,          // args: c1, v1, c2, v2, ..., else
    EnumLiteral, // a literal of a built-in enumeration: `text` as "StateSelect.prefer"
  };

  Kind kind = Kind::Literal;
  Type type = Type::Real;
  SourceRange range;
  double number = 0; // Literal Real/Integer/Boolean
  std::string text;  // Literal String, Call name, EnumLiteral
  std::uint32_t variable = 0;
  UnaryOp unary = UnaryOp::Minus;
  BinaryOp binary = BinaryOp::Add;
  std::vector<Expr> args;

  static Expr literal(Type type, double value, SourceRange range);
  static Expr string(std::string value, SourceRange range);
  bool isLiteral() const { return kind == Kind::Literal; }
};

/// Attributes of a predefined type (MLS 4.9). Unset attributes keep their defaults.
struct Attributes {
  std::optional<Expr> start, fixed, nominal, min, max, stateSelect, unbounded;
  std::optional<std::string> quantity, unit, displayUnit;
};

struct Variable {
  std::string name;
  Type type = Type::Real;
  Variability variability = Variability::Continuous;
  Causality causality = Causality::None;
  bool isProtected = false;
  Attributes attributes;
  std::optional<Expr> binding; // `= expr` of the declaration
  std::string description;
  SourceRange range; // the declaration
};

struct Equation;

struct EquationBranch {
  Expr condition;
  std::vector<Equation> body;
  SourceRange range;
};

struct Equality {
  Expr lhs, rhs;
};
/// when/elsewhen; conditions may be Boolean vectors `{c1, c2}`, kept as Call "array".
struct When {
  std::vector<EquationBranch> branches;
};
struct Reinit {
  Expr state; // a Variable expression
  Expr value;
};
enum class AssertionLevel : std::uint8_t { Error, Warning };

struct AssertEquation {
  Expr condition;
  Expr message; // String
  AssertionLevel level = AssertionLevel::Error;
};
struct Terminate {
  Expr message;
};

struct Equation {
  std::variant<Equality, When, Reinit, AssertEquation, Terminate> node;
  SourceRange range;
};

struct Experiment {
  std::optional<double> startTime, stopTime, tolerance, interval;
};

struct Model {
  std::string name;
  std::string description;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  std::vector<Equation> initialEquations;
  Experiment experiment;
  SourceRange range;
};

/// The model in Modelica syntax: variables with attributes in declaration order, then
/// equations (when-clauses where they stand), deterministic for golden tests.
std::string print(const Model& model);
std::string print(const Model& model, const Expr& expr);

} // namespace mocc::flat
