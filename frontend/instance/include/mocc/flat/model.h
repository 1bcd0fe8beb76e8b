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

/// A typed expression tree whose names are resolved. Arrays are flattened to scalars before
/// they get here: every Expr is a scalar, except the arguments of a when-condition vector.
struct Expr {
  enum class Kind : std::uint8_t {
    Literal,  // number/boolean/string: `number` or `text`; enumeration: ordinal + `text`
    Variable, // `variable` indexes Model::variables
    Time,
    Call,         // `text` is a built-in operator or function: der, pre, sin, sample, ...
    Unary,        // `unary`, args[0]
    Binary,       // `binary`, args[0], args[1]
    If,           // args: c1, v1, c2, v2, ..., else
    EnumLiteral,  // a literal of StateSelect or AssertionLevel used as an attribute: `text`
    FunctionCall, // `variable` indexes Model::functions; `output` its flattened output element;
                  // args: the flattened input elements
    Local,        // inside a function: `variable` indexes Function::variables (a scalar)
    LocalElement, // inside a function: element of array variable `variable`; args: 1-based
                  // Integer subscripts, one per dimension
  };

  Kind kind = Kind::Literal;
  Type type = Type::Real;
  SourceRange range;
  double number = 0; // Literal Real/Integer/Boolean, enumeration ordinal (1-based)
  std::string text;  // Literal String, Call name, EnumLiteral, enumeration literal "E.a"
  std::uint32_t variable = 0;
  std::uint32_t output = 0;
  UnaryOp unary = UnaryOp::Minus;
  BinaryOp binary = BinaryOp::Add;
  std::vector<Expr> args;

  static Expr literal(Type type, double value, SourceRange range);
  static Expr string(std::string value, SourceRange range);
  bool isLiteral() const { return kind == Kind::Literal; }
};

/// Attributes of a predefined type (MLS 4.8). Unset attributes keep their defaults.
struct Attributes {
  std::optional<Expr> start, fixed, nominal, min, max, stateSelect, unbounded;
  std::optional<std::string> quantity, unit, displayUnit;
};

struct Variable {
  std::string name; // "a.b[2].c"
  Type type = Type::Real;
  std::string typeName; // enumerations: the enumeration's name (for printing)
  Variability variability = Variability::Continuous;
  Causality causality = Causality::None;
  bool isProtected = false;
  Attributes attributes;
  std::optional<Expr> binding; // `= expr` of the declaration
  /// A parameter whose value fixed the model's structure (array sizes, for-ranges, branches
  /// of if-equations): it is evaluated at compile time and cannot be overridden.
  bool structural = false;
  bool isFlow = false;
  /// A parameter's value as translation computes it (its binding, else its start value), when
  /// it can: structural choices use it to avoid dividing by a parameter that is zero. The
  /// program still computes the parameter during simulation.
  std::optional<double> translationValue;
  /// Made by the compiler (a break flag of an unrolled loop), not declared: hidden from results.
  bool internal = false;
  /// An ExternalObject (MLS 12.9.7): the function (Model::functions) that destroys it.
  std::optional<std::uint32_t> destructor;
  std::string description;
  SourceRange range; // the declaration
};

/// An array variable as declared, before flattening to its scalar elements (kept so that
/// printers and later vectorised code can see sizes).
struct ArrayDeclaration {
  std::string name;
  std::vector<std::size_t> dims;
  std::uint32_t firstVariable; // its elements are consecutive, in row-major order
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
/// Error and Warning are assert's levels (MLS 8.3.7); Message is not a check but a text to
/// show when the statement runs (Modelica.Utilities.Streams.print, ModelicaMessage).
enum class AssertionLevel : std::uint8_t { Error, Warning, Message };

struct AssertEquation {
  Expr condition;
  Expr message; // String
  AssertionLevel level = AssertionLevel::Error;
};
struct Terminate {
  Expr message;
};
/// if/elseif/else with conditions that are not parameter expressions (those are evaluated
/// away); MLS 8.3.4 requires the same number of equations in every branch.
struct IfEquation {
  std::vector<EquationBranch> branches;
  std::vector<Equation> elseBody;
};

struct Equation {
  std::variant<Equality, When, Reinit, AssertEquation, Terminate, IfEquation> node;
  SourceRange range;
};

// ------------------------------------------------------------------------------ algorithms

struct Statement;

/// The target of an assignment: a model variable (in algorithm sections) or a function
/// variable, possibly an element of an array function variable.
struct LValue {
  std::uint32_t variable = 0;
  std::vector<Expr> subscripts; // function arrays only: 1-based Integer subscripts
};

struct StatementBranch {
  Expr condition;
  std::vector<Statement> body;
  SourceRange range;
};

struct AssignStatement {
  LValue target;
  Expr value;
};
/// `(a, , b) := f(x)`: `outputs[i]` receives flattened output element i of the call.
struct CallStatement {
  Expr call; // a FunctionCall expression (its `output` is ignored)
  std::vector<std::optional<LValue>> outputs;
};
struct IfStatement {
  std::vector<StatementBranch> branches;
  std::vector<Statement> elseBody;
};
/// `for i in start:step:stop loop`: the iterator is a function variable.
struct ForStatement {
  std::uint32_t iterator = 0;
  Expr start, step, stop;
  std::vector<Statement> body;
};
struct WhileStatement {
  Expr condition;
  std::vector<Statement> body;
};
struct BreakStatement {};
struct ReturnStatement {};
struct WhenStatement {
  std::vector<StatementBranch> branches;
};
struct AssertStatement {
  Expr condition;
  Expr message;
  AssertionLevel level = AssertionLevel::Error;
};
struct ReinitStatement {
  Expr state;
  Expr value;
};
struct TerminateStatement {
  Expr message;
};

struct Statement {
  std::variant<AssignStatement, CallStatement, IfStatement, ForStatement, WhileStatement,
               BreakStatement, ReturnStatement, WhenStatement, AssertStatement, ReinitStatement,
               TerminateStatement>
      node;
  SourceRange range;
};

/// An algorithm section of the model (MLS 11.1): statements over model variables, with
/// for-loops over constant ranges already unrolled.
struct Algorithm {
  std::vector<Statement> statements;
  bool initial = false;
  SourceRange range;
};

// ------------------------------------------------------------------------------- functions

struct FunctionVariable {
  enum class Role : std::uint8_t { Input, Output, Protected };
  std::string name;
  Type type = Type::Real;
  std::vector<std::size_t> dims; // static: functions are specialised per argument sizes
  Role role = Role::Protected;
  /// An ExternalObject (MLS 12.9.7): an Integer holding the address the constructor returned.
  bool externalObject = false;

  std::size_t elementCount() const;
};

/// One argument of an external call (MLS 12.9.1): a function variable passed whole (a scalar
/// input by value; arrays, outputs and protected variables by address), or a scalar value
/// (a constant, or `size(a, k)`, which the specialisation has made a constant; C size_t).
struct ExternalArgument {
  std::optional<std::uint32_t> variable;
  Expr value;
  bool isSize = false;
};

/// The external clause of a function (MLS 12.9): its whole body.
struct ExternalCall {
  std::string language; // "C", "builtin", ...
  std::string symbol;
  std::optional<std::uint32_t> result; // the output receiving the C function's value
  std::vector<ExternalArgument> arguments;
  SourceRange range;
};

/// Include, Library, IncludeDirectory and LibraryDirectory annotations of an external clause
/// (MLS 12.9.4); directories resolved to absolute paths.
struct ExternalLibraries {
  std::vector<std::string> includes;
  std::vector<std::string> includeDirectories;
  std::vector<std::string> libraries;
  std::vector<std::string> libraryDirectories;
};

/// A function specialised for the sizes of its arguments (MLS 12). Its body starts with the
/// assignments of the bindings of its outputs and protected variables.
struct Function {
  std::string name; // "P.f", or "P.f[3]" for a specialisation of flexible sizes
  std::vector<FunctionVariable> variables;
  std::vector<Statement> body;
  bool inlineAnnotation = false;
  /// `InlineAfterIndexReduction = true` or `LateInline = true` (MLS 18.3).
  bool inlineAfterIndexReduction = false;
  std::vector<std::string> derivatives; // `derivative` annotations, as written
  /// Inputs the first derivative function takes no derivative of (noDerivative and
  /// zeroDerivative, MLS 12.7.1).
  std::vector<std::string> noDerivativeInputs;
  /// `derivative(order = 2) = f_der2` on a derivative function f_der(x, der_x): f_der2 takes
  /// the derivatives of der_x only (MLS 12.7.1).
  int derivativeOrder = 1;
  std::optional<ExternalCall> external; // the body of an external function
  bool impure = false;                  // declared impure (MLS 12.3)
  ExternalLibraries externalLibraries;
  SourceRange range;

  std::size_t inputElements() const;  // flattened size of the inputs, in declaration order
  std::size_t outputElements() const; // flattened size of the outputs
};

struct Experiment {
  std::optional<double> startTime, stopTime, tolerance, interval;
};

struct Model {
  std::string name;
  std::string description;
  std::vector<Variable> variables;
  std::vector<ArrayDeclaration> arrays;
  std::vector<Equation> equations;
  std::vector<Equation> initialEquations;
  std::vector<Algorithm> algorithms;
  std::vector<Function> functions;
  Experiment experiment;
  SourceRange range;
};

/// The model in Modelica syntax: variables with attributes in declaration order, then
/// equations (when-clauses where they stand), deterministic for golden tests.
std::string print(const Model& model);
std::string print(const Model& model, const Expr& expr);

} // namespace mocc::flat
