// dae::System: the hybrid DAE of one model (MLS appendix B), the type every structural pass
// reads and writes. Variables are classified, equations are expression DAGs in one pool,
// when-clauses and algorithm sections are kept as such, user functions ride along in the
// function IR, and every element remembers the source it came from.
#pragma once

#include "mocc/expr/expr.h"
#include "mocc/sim/program.h"
#include "mocc/support/source.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mocc::dae {

inline constexpr std::uint32_t kNone = UINT32_MAX;

enum class VariableKind : std::uint8_t {
  Parameter,
  State,      // appears in der()
  Derivative, // der(state), an unknown of the continuous system
  Algebraic,  // continuous-time, not a state
  Discrete,   // changes only at events
  Internal,   // made by the compiler (when-conditions); hidden from results
};
const char* spelling(VariableKind kind);

enum class StateSelect : std::uint8_t { Never, Avoid, Default, Prefer, Always };

struct Variable {
  std::string name;
  expr::Type type = expr::Type::Real;
  VariableKind kind = VariableKind::Algebraic;
  expr::Id binding; // parameters: their value
  expr::Id start;   // start attribute, if given
  expr::Id nominal, min, max;
  bool fixed = false;
  StateSelect stateSelect = StateSelect::Default;
  std::uint32_t derivative = kNone; // states: the index of der(state)
  std::uint32_t state = kNone;      // derivatives: the index of their state
  std::string description;
  std::string unit;
  SourceRange range; // the declaration (for derivatives: the first der() use)

  bool isUnknown() const {
    return kind == VariableKind::Derivative || kind == VariableKind::Algebraic ||
           kind == VariableKind::Discrete || kind == VariableKind::Internal;
  }
};

/// lhs = rhs, active at all times (continuous-time or discrete-time by its variables).
struct Equation {
  expr::Id lhs;
  expr::Id rhs;
  SourceRange range;
};

enum class AssertLevel : std::uint8_t { Error, Warning };

struct Assignment {
  std::uint32_t variable;
  expr::Id value;
  SourceRange range;
};
struct Reinit {
  std::uint32_t state;
  expr::Id value;
  SourceRange range;
};
struct Assertion {
  expr::Id condition;
  std::string message;
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
};
struct Termination {
  std::string message;
  SourceRange range;
};
using WhenStatement = std::variant<Assignment, Reinit, Assertion, Termination>;

struct WhenBranch {
  /// Internal Boolean variables, one per element of the condition, each defined by an
  /// Equation; the branch fires on a rising edge of any of them.
  std::vector<std::uint32_t> conditions;
  bool activeAtInitial = false;    // `when initial()` or `when {..., initial(), ...}` (MLS 8.6)
  std::vector<WhenStatement> body; // assignments in dependency order
  SourceRange range;
};

struct WhenClause {
  std::vector<WhenBranch> branches;
  std::vector<std::uint32_t> assigned; // variables assigned in the clause, ascending
  SourceRange range;
};

// ------------------------------------------------------------------------------ algorithms

struct AlgorithmStatement;

struct AlgorithmBranch {
  expr::Id condition;
  std::vector<AlgorithmStatement> body;
  SourceRange range;
};
/// if/elseif/else; the first branch whose condition holds executes, else `elseBody`.
struct AlgorithmIf {
  std::vector<AlgorithmBranch> branches;
  std::vector<AlgorithmStatement> elseBody;
  SourceRange range;
};
struct AlgorithmWhenBranch {
  /// Internal Booleans, one per condition element, assigned by the algorithm itself just
  /// before the when-statement (so a condition may read what the algorithm computed).
  std::vector<std::uint32_t> conditions;
  bool activeAtInitial = false;
  std::vector<AlgorithmStatement> body;
  SourceRange range;
};
/// when/elsewhen of an algorithm (MLS 11.2.7): never nested, never inside an if-statement.
struct AlgorithmWhen {
  std::vector<AlgorithmWhenBranch> branches;
  SourceRange range;
};
struct AlgorithmStatement {
  std::variant<Assignment, Reinit, Assertion, Termination, AlgorithmIf, AlgorithmWhen> node;
};

/// An algorithm section (MLS 11.1): one block in sorting that computes all of `outputs`.
/// Executing it first sets each output to pre(output) when it is discrete (or internal) and to
/// its start value otherwise (MLS 11.1.2), then runs the statements in order.
struct Algorithm {
  std::vector<AlgorithmStatement> statements;
  std::vector<std::uint32_t> outputs; // assigned variables, ascending
  SourceRange range;
};

/// Every variable an algorithm reads (not through pre()), excluding its outputs, ascending.
std::vector<std::uint32_t> algorithmInputs(const expr::Pool& pool, const Algorithm& algorithm);

/// Calls `visit(statement, insideWhen)` for every statement of `statements`, depth first.
void forEachStatement(const std::vector<AlgorithmStatement>& statements,
                      const std::function<void(const AlgorithmStatement&, bool)>& visit,
                      bool insideWhen = false);

// ------------------------------------------------------------------------------- functions

/// A user function (MLS 12), specialised for its argument sizes. Its code is in the function
/// IR of sim::Program (frame slots, structured statements), but its expressions live in
/// System::pool and FunctionAssert::message and FunctionLocal::boundsMessage index
/// `messages`. No pass changes functions; build-program copies them into the program.
/// Relations inside functions never generate events.
struct Function {
  sim::Function code;
  std::vector<std::string> messages;
  SourceRange range;
};

enum class RelationKind : std::uint8_t {
  State, // located as a root of lhs - rhs
  Time,  // `time op threshold`, scheduled
};

/// A relation that generates events (MLS 8.5), made by the `relations` pass: equations refer
/// to it through expr::Op::Relation nodes with this index.
struct Relation {
  expr::Id comparison; // for Time relations normalised to `time op threshold`
  RelationKind kind = RelationKind::State;
  expr::Id threshold; // Time relations
  SourceRange range;  // the equation it was first found in
};

struct Experiment {
  std::optional<double> startTime, stopTime, tolerance, interval;
};

struct System {
  std::string name;
  SourceRange range; // the model's name in its class definition, for whole-model diagnostics
  expr::Pool pool;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  std::vector<WhenClause> whens;
  std::vector<Assertion> assertions; // outside when-clauses
  std::vector<Algorithm> algorithms;
  /// Index = the number in expr::Op::FunctionCall nodes (the flat model's order).
  std::vector<Function> functions;
  std::vector<Relation> relations;
  Experiment experiment;

  expr::Id ref(std::uint32_t variable) { return pool.variable(variable, variables[variable].type); }
};

/// The name of a variable for printing expressions of this system.
expr::VariableNamer namer(const System& system);
/// Variable and function names for printing expressions of this system.
expr::Names names(const System& system);

/// Readable listing of the system: variables by kind, equations, when-clauses, relations.
std::string print(const System& system, const SourceManager* sources = nullptr);

} // namespace mocc::dae
