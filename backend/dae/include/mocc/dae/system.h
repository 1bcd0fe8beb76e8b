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

/// Numbered as mocc_causality (model.h).
enum class Causality : std::uint8_t { Local, Input, Output };

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
  /// A top-level input or output of the simulated class (MLS 4.4.2.2).
  Causality causality = Causality::Local;
  SourceRange range; // the declaration (for derivatives: the first der() use)
  /// Index reduction (Pantelides 1988, Mattsson and Soederlind 1993): a derivative chosen as a
  /// dummy derivative, or a state candidate whose derivative is one, is solved like an
  /// algebraic unknown although it keeps its kind for naming and provenance.
  ///  - kind State, dummy: a *dummy state*: an algebraic unknown (no slot in x); its
  ///    `derivative` is a dummy derivative.
  ///  - kind Derivative, dummy: a *dummy derivative*: an algebraic unknown (no slot in dx).
  ///  - kind Derivative, not dummy: the time derivative of the integrated state `state`
  ///    (its dx slot), computed by the schedule. Its own `derivative`, if any (made by index
  ///    reduction, e.g. der(der(x))), is always a dummy.
  /// Index reduction also gives Algebraic variables a derivative; they become kind State
  /// (dummy or not). See isIntegratedState().
  bool dummy = false;
  /// Alias elimination (pass alias-elim): this variable was removed from the equations and
  /// equals `alias`, an expression of the variable it was merged into (`y` or `-y`). It is
  /// no unknown and no state (an eliminated state's kind becomes Algebraic): the program
  /// computes it for results by assigning `alias` after everything else (outputs).
  expr::Id alias;
  /// A parameter whose value fixed the model's structure (flat::Variable::structural): its
  /// uses are replaced by its value (pass eval-params) and it cannot be overridden.
  bool structural = false;
  /// A parameter's value as translation computed it (flat::Variable::translationValue).
  std::optional<double> translationValue;
  /// An entry of a dynamic state set's selection matrix (StateSet::selection): a discrete
  /// Real with no equation, 0 or 1, initialised from `start` by bind and changed only by the
  /// runtime when it switches the set. Known to every equation, like a parameter.
  bool stateSelection = false;
  /// An ExternalObject (MLS 12.9.7): the function that destroys it (kNone otherwise).
  std::uint32_t destructor = kNone;

  /// An unknown of the equations (the sort pass computes it): derivatives, algebraic,
  /// discrete and internal variables, and dummy states; never aliases or selection entries.
  bool isUnknown() const {
    if (alias.valid() || stateSelection) return false;
    return kind == VariableKind::Derivative || kind == VariableKind::Algebraic ||
           kind == VariableKind::Discrete || kind == VariableKind::Internal ||
           (kind == VariableKind::State && dummy);
  }
  /// A state the integrator integrates (a slot in x, its derivative in dx).
  bool isIntegratedState() const { return kind == VariableKind::State && !dummy && !alias.valid(); }
};

/// How an equation arose (provenance for diagnostics and `mocc dae`).
enum class EquationOrigin : std::uint8_t {
  Model,          // written in the model (or made from a binding, connection, if-equation)
  Differentiated, // the time derivative of `differentiatedFrom` (index reduction)
  StateSet,       // s = A * candidates or its derivative (dynamic state selection)
};

/// lhs = rhs, active at all times (continuous-time or discrete-time by its variables).
struct Equation {
  expr::Id lhs;
  expr::Id rhs;
  SourceRange range;
  EquationOrigin origin = EquationOrigin::Model;
  std::uint32_t differentiatedFrom = kNone;
};

/// Dynamic state selection (Mattsson and Soederlind 1993): where no fixed choice of states
/// stays regular (the Cartesian pendulum), `states.size()` states are chosen at run time among
/// `candidates`. The set's own states are s = A * candidates with A a 0/1 selection matrix held
/// in discrete Real variables; the runtime changes A (an event) when the Jacobian of the
/// `constraints` with respect to the candidates that are not selected becomes badly
/// conditioned.
///
/// Made by the pantelides pass. Every candidate is a dummy state and every candidate
/// derivative a dummy derivative; the set's equations (EquationOrigin::StateSet) are
///   s_i = sum_j A_ij * candidates_j            and
///   der(s_i) = sum_j A_ij * der(candidates_j),
/// so with A fixed everything else is an ordinary (torn, possibly nonlinear) algebraic loop:
/// the sort pass needs nothing special. A has exactly one 1 per row, in distinct columns;
/// the candidates with a 1 in their column are "selected" (they play the states), the
/// others are computed from the constraints.
///
/// What the runtime does to switch (typically after each accepted step, and after
/// initialization):
///  1. Evaluate `jacobian` (constraints.size() x candidates.size(), row-major) at the
///     current values; its expressions read variables the schedule computes (the program
///     builder computes them first).
///  2. Choose constraints.size() candidates whose columns form the best-conditioned square
///     block: Gaussian elimination with column pivoting, largest |pivot| first; the
///     remaining candidates are the new selection (in candidate order, one per row of A).
///     Switch only when the current block is clearly worse (for example its smallest pivot
///     below 0.1 times the best alternative's), so that the set does not chatter.
///  3. Write A (the `selection` variables), set s_i = the value of the candidate now
///     selected by row i (and der(s_i) consistently), log the switch, and restart the
///     integrator as after an event.
///  If no choice gives a regular block, stop with a message naming the candidates.
struct StateSet {
  std::vector<std::uint32_t> candidates;
  std::vector<std::uint32_t> states;      // new state variables s
  std::vector<std::uint32_t> selection;   // A, row-major: states.size() x candidates.size()
  std::vector<std::uint32_t> constraints; // equation indices
  /// d residual(constraints_i) / d der(candidates_j), row-major, the total derivative
  /// through the equations index reduction solved statically at the same differentiation
  /// level (an invalid Id is a structural zero). By Mattsson and Soederlind this equals the
  /// Jacobian of the undifferentiated constraints with respect to the candidates.
  std::vector<expr::Id> jacobian;
  /// The candidates' derivatives, in candidate order (the variables `jacobian` differentiates
  /// against).
  std::vector<std::uint32_t> candidateDerivatives;
};

enum class AssertLevel : std::uint8_t { Error, Warning, Message }; // as flat::AssertionLevel

struct Assignment {
  std::uint32_t variable;
  expr::Id value;
  SourceRange range;
  /// Nonzero for the assignments of the output elements of one call in a multiple assignment
  /// `(a, b) := f(x)` (numbered from 1), which the program makes with one call.
  std::uint32_t multiple = 0;
};
struct Reinit {
  std::uint32_t state;
  expr::Id value;
  SourceRange range;
};
/// A message's values (sim::Message) are expressions of the pool like the condition. The
/// structural passes rewrite only `condition`: build-program substitutes the variables that
/// alias elimination removed from `values` itself.
struct Assertion {
  expr::Id condition;
  sim::Message message;
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
  std::vector<expr::Id> values = {};
};
struct Termination {
  sim::Message message;
  SourceRange range;
  std::vector<expr::Id> values = {};
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
/// `f(x);`: a call of a user function for its effects (the asserts in its body); its outputs,
/// if any, are discarded (the statement `component-reference function-call-args`, MLS 11.2).
struct CallForEffects {
  expr::Id call; // a FunctionCall node; its output index means nothing
  SourceRange range;
};
struct AlgorithmStatement {
  std::variant<Assignment, Reinit, Assertion, Termination, AlgorithmIf, AlgorithmWhen,
               CallForEffects>
      node;
};

/// An algorithm section (MLS 11.1): one block in sorting that computes all of `outputs`.
/// Executing it first sets each output to pre(output) when it is discrete (or internal) and to
/// its start value otherwise (MLS 11.1.2), then runs the statements in order.
struct Algorithm {
  std::vector<AlgorithmStatement> statements;
  std::vector<std::uint32_t> outputs; // assigned variables, ascending
  SourceRange range;
};

/// The expressions a statement evaluates itself (not those of the statements it nests).
std::vector<expr::Id> expressionsOf(const AlgorithmStatement& statement);

/// Every variable an algorithm reads (not through pre()), excluding its outputs, ascending.
std::vector<std::uint32_t> algorithmInputs(const expr::Pool& pool, const Algorithm& algorithm);

/// Every variable an algorithm's statements read through pre(), ascending.
std::vector<std::uint32_t> algorithmPreReads(const expr::Pool& pool, const Algorithm& algorithm);

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
  std::vector<sim::Message> messages;
  SourceRange range;
  /// The function named by its first `derivative` annotation (MLS 12.7.1), when that function
  /// is part of the model; kNone otherwise. Used by symbolic differentiation.
  std::uint32_t derivative = kNone;
  /// Per flattened input element: whether `derivative` takes its derivative (a Real input not
  /// named by noDerivative or zeroDerivative).
  std::vector<bool> differentiatedInputs;
  /// Annotated Inline, InlineAfterIndexReduction or LateInline (MLS 18.3).
  bool inlineAnnotated = false;
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
  /// The other relation of a frozen floor (backend/events), or kNone: both compare the same
  /// argument, so a located crossing of either tells which way that argument moves.
  std::uint32_t partner = kNone;
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
  /// Initial algorithm sections (MLS 8.6, 11.1): blocks of the initialization problem only,
  /// each computing its `outputs` in order from their start (or pre()) values; the
  /// simulation schedule never sees them.
  std::vector<Algorithm> initialAlgorithms;
  /// Index = the number in expr::Op::FunctionCall nodes (the flat model's order).
  std::vector<Function> functions;
  /// What the external functions among them need (MLS 12.9.4), gathered once.
  sim::ExternalLibraries externalLibraries;
  std::vector<Relation> relations;
  /// Initial equation sections (MLS 8.6); the initialization problem adds them to the
  /// equations. A parameter with fixed = false and a binding contributes `p = binding` here
  /// (its Variable::binding is then only a start guess).
  std::vector<Equation> initialEquations;
  /// Dynamic state sets made by index reduction, in the order they were made.
  std::vector<StateSet> stateSets;
  Experiment experiment;

  expr::Id ref(std::uint32_t variable) { return pool.variable(variable, variables[variable].type); }
};

/// The name of a variable for printing expressions of this system.
expr::VariableNamer namer(const System& system);
/// Variable and function names for printing expressions of this system.
expr::Names names(const System& system);

/// Readable listing of the system: variables by kind, equations, when-clauses, relations.
std::string print(const System& system, const SourceManager* sources = nullptr);

/// The invariants every pass must leave behind (checked after each pass with --verify-each):
/// every expression a part of the system holds is a node of the pool whose arguments precede
/// it, and whose variables, relations and functions exist; no equation, when-clause, algorithm
/// or relation reads a variable that alias elimination removed, and every alias reads only
/// variables that remain; states and derivatives name each other; state sets, when-clauses
/// and algorithm sections index what exists. One line per violation, empty when there is none.
std::vector<std::string> verify(const System& system);

} // namespace mocc::dae
