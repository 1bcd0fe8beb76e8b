// The abstract syntax tree: the output of frontend/syntax and the input of frontend/instance.
// It represents the whole concrete syntax of Modelica 3.6 (MLS appendix A) without any
// semantics: names are unresolved, nothing is evaluated. Later stages reject what they do not
// support yet, naming the construct and pointing at its source range.
#pragma once

#include "mocc/support/source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mocc::ast {

struct Expr;
struct ClassDef;
struct Component;
using ExprPtr = std::unique_ptr<Expr>;
using ClassDefPtr = std::unique_ptr<ClassDef>;

// ---------------------------------------------------------------------------------- names

/// A dotted class or type name such as `Modelica.Units.SI.Voltage`, or `.A.B` when global.
struct Name {
  bool global = false;
  std::vector<std::string> parts;
  SourceRange range;

  std::string str() const; // "A.B.C", with a leading '.' when global
};

/// One array subscript: `:` or an expression.
struct Subscript {
  ExprPtr value; // null for ':'
  SourceRange range;
};

/// One identifier of a component reference with its subscripts: `b[1, :]` in `a.b[1, :].c`.
struct RefPart {
  std::string ident;
  std::vector<Subscript> subscripts;
  SourceRange range;
};

/// A component reference `a.b[1].c`, or `.a.b` when global.
struct ComponentRef {
  bool global = false;
  std::vector<RefPart> parts;
  SourceRange range;

  std::string str() const; // "a.b[...].c" with subscripts abbreviated
};

// ---------------------------------------------------------------------------- expressions

enum class UnaryOp { Minus, Plus, ElemMinus, ElemPlus, Not };

enum class BinaryOp {
  Add, Sub, Mul, Div, Pow,                 // + - * / ^
  ElemAdd, ElemSub, ElemMul, ElemDiv, ElemPow, // .+ .- .* ./ .^
  Lt, Le, Gt, Ge, Eq, Ne,                  // < <= > >= == <>
  And, Or,
};

const char* spelling(UnaryOp op);  // "-", "not ", ...
const char* spelling(BinaryOp op); // "+", "<=", "and", ...

/// An iterator of a for-equation, for-statement, reduction or array comprehension:
/// `i in 1:n`, or just `i` when the range is deduced from use (MLS 10.4.1, 11.2.2.2).
struct ForIterator {
  std::string name;
  ExprPtr range; // null when implicit
  SourceRange location;
};

struct NamedArgument {
  std::string name;
  ExprPtr value;
  SourceRange range;
};

/// Arguments of a call. A reduction or comprehension `f(e for i in r)` has exactly one
/// positional argument and a non-empty `iterators` list.
struct FunctionArgs {
  std::vector<ExprPtr> positional;
  std::vector<NamedArgument> named;
  std::vector<ForIterator> iterators;
};

struct NumberLiteral {
  std::string text; // as written
  bool isInteger = false; // no '.' and no exponent
  double value = 0;  // the literal's value (also set for integers)
};
struct StringLiteral {
  std::string value; // escapes resolved
};
struct BooleanLiteral {
  bool value = false;
};
struct RefExpr {
  ComponentRef ref;
};
/// A call `f(args)`; `der`, `initial` and `pure` are ordinary names here.
struct CallExpr {
  ComponentRef function;
  FunctionArgs args;
};
/// `function f(a = 1)` passed as a functional argument (MLS 12.4.2.1).
struct PartialFunctionExpr {
  Name function;
  std::vector<NamedArgument> args;
};
struct UnaryExpr {
  UnaryOp op;
  ExprPtr operand;
};
struct BinaryExpr {
  BinaryOp op;
  ExprPtr lhs;
  ExprPtr rhs;
};
struct IfBranch {
  ExprPtr condition;
  ExprPtr value;
};
/// `if c1 then e1 elseif c2 then e2 else e3`
struct IfExpr {
  std::vector<IfBranch> branches;
  ExprPtr elseValue;
};
/// `start : stop` or `start : step : stop`
struct RangeExpr {
  ExprPtr start;
  ExprPtr step; // null when omitted
  ExprPtr stop;
};
/// `{a, b, c}` or the comprehension `{e for i in r}` (args.iterators non-empty).
struct ArrayExpr {
  FunctionArgs args;
};
/// `[a, b; c, d]`: rows of comma-separated expressions.
struct MatrixExpr {
  std::vector<std::vector<ExprPtr>> rows;
};
/// A parenthesised output-expression-list with other than exactly one element, e.g. the
/// left side `(a, , b)` of a tuple assignment. Omitted elements are null.
struct TupleExpr {
  std::vector<ExprPtr> elements;
};
/// `end` inside a subscript.
struct EndExpr {};

struct Expr {
  SourceRange range;
  std::variant<NumberLiteral, StringLiteral, BooleanLiteral, RefExpr, CallExpr,
               PartialFunctionExpr, UnaryExpr, BinaryExpr, IfExpr, RangeExpr, ArrayExpr,
               MatrixExpr, TupleExpr, EndExpr>
      node;
};

// --------------------------------------------------------------------------- modifications

struct ClassModification;
struct Argument;

/// `annotation(...)` and a description string, as attached to most elements.
struct Comment {
  std::string description; // concatenated string-comment, escapes resolved; empty if none
  std::unique_ptr<ClassModification> annotation;
};

/// The right-hand part of a modification: `= expr`, `:= expr` or `= break`.
struct ModificationValue {
  ExprPtr value;      // null for `break`
  bool isBreak = false;
  bool isAssignment = false; // `:=` (only legal in some contexts)
  SourceRange range;
};

/// `(args) = value`, `(args)` or `= value`.
struct Modification {
  std::unique_ptr<ClassModification> arguments; // null when there is no parenthesised part
  std::optional<ModificationValue> value;
  SourceRange range;
};

struct ClassModification {
  std::vector<Argument> arguments;
  SourceRange range;
};

/// `name modification "comment"` inside a class modification.
struct ElementModification {
  Name name;
  std::optional<Modification> modification;
  std::string description;
};

/// `constrainedby Name(mods)`
struct ConstrainingClause {
  Name name;
  std::unique_ptr<ClassModification> modification;
  Comment comment;
  SourceRange range;
};

/// `break name` or `break connect(a, b)` in the modification of an extends clause: the
/// inherited element or connect-equation is not inherited (selective model extension, MLS 7.4).
struct InheritanceModification {
  bool isConnect = false;
  std::string element;   // `break name`
  ComponentRef connectA; // `break connect(connectA, connectB)`
  ComponentRef connectB;
};

/// One argument of a class modification: a modification, or a (re)declaration of a class
/// or component, with its prefixes.
struct Argument {
  SourceRange range;
  bool each = false;
  bool isFinal = false;
  bool redeclare = false;
  bool replaceable = false;
  // Exactly one of the following four is set.
  std::optional<ElementModification> modification;
  ClassDefPtr classDef;                  // short-class-definition
  std::unique_ptr<Component> component;  // component-clause1 (a single declaration)
  std::optional<InheritanceModification> inheritance; // `break ...`, only in extends clauses
  std::optional<ConstrainingClause> constraining;
};

// ---------------------------------------------------------------------------- components

enum class ConnectorKind { None, Flow, Stream };
enum class Variability { Continuous, Discrete, Parameter, Constant };
enum class Causality { None, Input, Output };

struct TypePrefix {
  ConnectorKind connector = ConnectorKind::None;
  Variability variability = Variability::Continuous;
  Causality causality = Causality::None;
};

/// One declared name of a component clause: `x[3](start = 1) = y if c "doc"`.
struct Declaration {
  std::string name;
  std::vector<Subscript> subscripts;
  std::optional<Modification> modification;
  ExprPtr condition; // `if cond`; null when unconditional
  Comment comment;
  SourceRange range;
};

/// `parameter Real[2] a, b(start = 1);` with every declaration it introduces.
struct Component {
  TypePrefix prefix;
  Name type;
  std::vector<Subscript> typeSubscripts; // `Real[2] a` puts [2] here
  std::vector<Declaration> declarations;
  SourceRange range;
};

// -------------------------------------------------------------------------------- elements

enum class Visibility { Public, Protected };

/// `import A.B.C;`, `import D = A.B.C;`, `import A.B.*;`, `import A.B.{c, d};`
struct ImportClause {
  std::string alias;               // non-empty for the renaming form
  Name name;
  bool wildcard = false;           // `.*`
  std::vector<std::string> list;   // `.{c, d}`
  Comment comment;
};

/// `extends Base(mods) annotation(...);`
struct ExtendsClause {
  Name base;
  std::unique_ptr<ClassModification> modification;
  std::unique_ptr<ClassModification> annotation;
};

struct Element {
  SourceRange range;
  Visibility visibility = Visibility::Public;
  bool redeclare = false;
  bool isFinal = false;
  bool inner = false;
  bool outer = false;
  bool replaceable = false;
  std::variant<ImportClause, ExtendsClause, ClassDefPtr, Component> node;
  std::optional<ConstrainingClause> constraining;
};

// ------------------------------------------------------------------ equations and statements

struct Equation;
struct Statement;

template <class Body> struct ConditionalBranch {
  ExprPtr condition;
  std::vector<Body> body;
  SourceRange range;
};

/// `lhs = rhs`
struct SimpleEquation {
  ExprPtr lhs;
  ExprPtr rhs;
};
/// `if c then ... elseif ... else ... end if;` (elseBody empty when there is no else)
struct IfEquation {
  std::vector<ConditionalBranch<Equation>> branches;
  std::vector<Equation> elseBody;
};
struct ForEquation {
  std::vector<ForIterator> iterators;
  std::vector<Equation> body;
};
struct ConnectEquation {
  ComponentRef a;
  ComponentRef b;
};
/// `when c then ... elsewhen c2 then ... end when;`
struct WhenEquation {
  std::vector<ConditionalBranch<Equation>> branches;
};
/// A call used as an equation: `assert(...)`, `reinit(...)`, `terminate(...)`, or a user
/// function called for its effect.
struct CallEquation {
  ComponentRef function;
  FunctionArgs args;
};

struct Equation {
  SourceRange range;
  Comment comment;
  std::variant<SimpleEquation, IfEquation, ForEquation, ConnectEquation, WhenEquation,
               CallEquation>
      node;
};

struct AssignStatement {
  ComponentRef target;
  ExprPtr value;
};
/// `(a, , b) := f(x);` (omitted targets are null)
struct TupleAssignStatement {
  std::vector<ExprPtr> targets;
  ComponentRef function;
  FunctionArgs args;
};
struct CallStatement {
  ComponentRef function;
  FunctionArgs args;
};
struct BreakStatement {};
struct ReturnStatement {};
struct IfStatement {
  std::vector<ConditionalBranch<Statement>> branches;
  std::vector<Statement> elseBody;
};
struct ForStatement {
  std::vector<ForIterator> iterators;
  std::vector<Statement> body;
};
struct WhileStatement {
  ExprPtr condition;
  std::vector<Statement> body;
};
struct WhenStatement {
  std::vector<ConditionalBranch<Statement>> branches;
};

struct Statement {
  SourceRange range;
  Comment comment;
  std::variant<AssignStatement, TupleAssignStatement, CallStatement, BreakStatement,
               ReturnStatement, IfStatement, ForStatement, WhileStatement, WhenStatement>
      node;
};

struct EquationSection {
  bool initial = false;
  std::vector<Equation> equations;
  SourceRange range;
};

struct AlgorithmSection {
  bool initial = false;
  std::vector<Statement> statements;
  SourceRange range;
};

/// `external "C" y = f(x) annotation(...);`
struct ExternalClause {
  std::string language;              // empty when not given
  std::optional<ComponentRef> output;
  std::string function;              // empty when no call is written
  std::vector<ExprPtr> args;
  std::unique_ptr<ClassModification> annotation; // of the external call
  SourceRange range;
};

// --------------------------------------------------------------------------------- classes

enum class ClassKind {
  Class, Model, Record, OperatorRecord, Block, Connector, ExpandableConnector, Type, Package,
  Function, OperatorFunction, Operator,
};
enum class Purity { Unspecified, Pure, Impure };

const char* spelling(ClassKind kind); // "model", "expandable connector", ...
inline bool isConnectorKind(ClassKind kind) {
  return kind == ClassKind::Connector || kind == ClassKind::ExpandableConnector;
}

struct Composition {
  std::vector<Element> elements;
  std::vector<EquationSection> equationSections;
  std::vector<AlgorithmSection> algorithmSections;
  std::optional<ExternalClause> external;
  /// Class annotations: `annotation(...);` clauses among the sections (3.6 allows one at the
  /// end, older code has them anywhere) and after an external clause.
  std::vector<std::unique_ptr<ClassModification>> annotations;
};

/// `model M "doc" ... end M;` and `model extends M(mods) ... end M;`
struct LongClassSpecifier {
  bool extendsForm = false;
  std::unique_ptr<ClassModification> extendsModification;
  std::string description;
  Composition composition;
  std::string endName;
  SourceRange endNameRange;
};

/// `type T = input Base[3](mods) "doc";`
struct ShortClassSpecifier {
  Causality causality = Causality::None; // base-prefix
  Name base;
  std::vector<Subscript> subscripts;
  std::unique_ptr<ClassModification> modification;
  Comment comment;
};

struct EnumerationLiteral {
  std::string name;
  Comment comment;
  SourceRange range;
};

/// `type E = enumeration(a "doc", b);` or `enumeration(:)`
struct EnumerationSpecifier {
  bool unspecified = false; // `enumeration(:)`
  std::vector<EnumerationLiteral> literals;
  Comment comment;
};

/// `function df = der(f, x, y);`
struct DerSpecifier {
  Name function;
  std::vector<std::string> withRespectTo;
  Comment comment;
};

struct ClassDef {
  SourceRange range;     // the whole definition
  SourceRange nameRange; // the class name after the keyword
  std::string name;
  bool encapsulated = false;
  bool partial = false;
  ClassKind kind = ClassKind::Class;
  Purity purity = Purity::Unspecified;
  std::variant<LongClassSpecifier, ShortClassSpecifier, EnumerationSpecifier, DerSpecifier>
      specifier;
};

/// A parsed file: `within A.B; final? class-definition; ...`
struct StoredDefinition {
  FileId file = 0;
  std::optional<Name> within; // `within;` gives an empty name; no clause gives nullopt
  std::vector<ClassDefPtr> classes;
  std::vector<bool> finalPrefixes; // parallel to `classes`
};

} // namespace mocc::ast
