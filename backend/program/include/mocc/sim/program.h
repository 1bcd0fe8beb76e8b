// sim::Program: the backend's output, a causal and target-neutral program that both emitters
// (backend/llvm, backend/cpp) translate to the model ABI of runtime/include/mocc/model.h.
// Everything an emitter needs is here; emitters never look at the DAE or the source.
#pragma once

#include "mocc/expr/expr.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace mocc::sim {

using expr::Id;

/// Matches mocc_region.
enum class Region : std::uint8_t { State = 0, Derivative = 1, Value = 2 };
/// Matches mocc_kind.
enum class Kind : std::uint8_t {
  Constant = 0,
  Parameter = 1,
  State = 2,
  Derivative = 3,
  Algebraic = 4,
  Discrete = 5,
  Internal = 6,
};

/// A stored value. In the program's expressions, Variable(i) and Pre(i) refer to
/// `variables[i]`.
struct Variable {
  std::string name; // Modelica name: "h", "der(h)", "$whenCondition1"
  std::string description;
  Region region;
  std::uint32_t index; // within the region
  expr::Type type;
  Kind kind;
  bool hidden = false; // compiler-made; not written to results
  /// "file:line:col" of the equation that computes it between events (its first assignment in
  /// `outputs`, else in `event`), or "": run-time errors about its value point there.
  std::string origin;
  /// The variable (index into Program::variables) that alias elimination found this one
  /// equal to, or -1; `aliasNegated`: equal to its negation.
  std::int32_t aliasOf = -1;
  bool aliasNegated = false;
  std::string unit; // the declaration's unit attribute, or ""
  /// A top-level input or output (dae::Causality, numbered as mocc_causality).
  std::int32_t causality = 0;
  /// Parameters (mocc_variable.tunable, .calculated): an importer may change it between
  /// events (`parameterUpdate` then recomputes what is bound to it); fixed = false, computed
  /// by the initialization.
  bool tunable = false;
  bool calculated = false;
};

enum class AssertLevel : std::uint8_t { Error, Warning, Message }; // as flat::AssertionLevel
/// How the printers show an assert of this level after its message: "", ", warning",
/// ", message" (a message is shown whenever the statement runs: its condition is false).
inline const char* levelSuffix(AssertLevel level) {
  return level == AssertLevel::Warning   ? ", warning"
         : level == AssertLevel::Message ? ", message"
                                         : "";
}
/// The mocc_report_kind an assert of this level reports when its condition is false, and the
/// name of that enumerator: MOCC_REPORT_ASSERT_ERROR (0), _ASSERT_WARNING (1), _MESSAGE (3).
constexpr std::int32_t reportKind(AssertLevel level) {
  return level == AssertLevel::Error ? 0 : level == AssertLevel::Warning ? 1 : 3;
}
constexpr const char* reportKindName(AssertLevel level) {
  return level == AssertLevel::Error     ? "MOCC_REPORT_ASSERT_ERROR"
         : level == AssertLevel::Warning ? "MOCC_REPORT_ASSERT_WARNING"
                                         : "MOCC_REPORT_MESSAGE";
}

/// How a value computed at run time is written into a message: String(value,
/// significantDigits, minimumLength, leftJustified) (MLS 3.6 section 3.7.4.5). Matches
/// mocc_message_value.
struct MessageValue {
  /// Matches mocc_format_kind.
  /// Text: the value is the address of a String an external function returned.
  enum class Format : std::uint8_t {
    Real = 0,
    Integer = 1,
    Boolean = 2,
    Enumeration = 3,
    Text = 4
  };
  Format format = Format::Real;
  std::int32_t significantDigits = 6;
  std::int32_t minimumLength = 0;
  bool leftJustified = true;
  std::vector<std::string> literals; // Enumeration: the literal names, by ordinal - 1
  /// Real: String(r, format = s), "[flags][width][.precision]conversion" as C's printf
  /// without '%' (checked by the frontend); when set, the options above do not apply.
  std::string formatSpec;

  bool operator==(const MessageValue&) const = default;
};

/// An assert or terminate message: texts[0], value 0, texts[1], ..., texts[values.size()].
/// The statement that reports it carries the expressions of the values, in order. A message
/// without values is one text.
struct Message {
  std::vector<std::string> texts{""};
  std::vector<MessageValue> values;
  /// "file:line:col" of the assert whose message it is, or "" (mocc_model.message_origins).
  std::string origin;

  Message() = default;
  Message(std::string text) : texts{std::move(text)} {} // NOLINT: a constant message
  Message(const char* text) : texts{text} {}            // NOLINT
  bool isConstant() const { return values.empty(); }
  /// The text, each value shown as "<value>" (model.h's mocc_model.messages).
  std::string text() const;

  bool operator==(const Message&) const = default;
  friend bool operator==(const Message& m, const std::string& text) {
    return m.isConstant() && m.texts[0] == text;
  }
  friend bool operator==(const Message& m, const char* text) { return m == std::string(text); }
};
std::ostream& operator<<(std::ostream& out, const Message& message);

/// The message as Modelica: `"u = " + String(u, significantDigits = 3)`, the values printed
/// by `value(i)`.
std::string print(const Message& message, const std::function<std::string(std::size_t)>& value);

struct Statement;

/// variables[variable] := value
struct Assign {
  std::uint32_t variable;
  Id value;
};
/// pre(variables[variable]) := value. Only in `initialize`: the initialization problem
/// determines pre() values (MLS 8.6, structure::PreUnknown) that later statements read.
struct AssignPre {
  std::uint32_t variable;
  Id value;
};
/// Calls the function of the FunctionCall node `call` once (its output index means nothing):
/// for its effects (the asserts of its body, a call statement of an algorithm section, MLS
/// 11.2), and assigning variables[variable] := output element `element` of it for each of
/// `outputs` (a multiple assignment `(a, b) := f(x)`, MLS 11.2.1.1).
struct Call {
  struct Output {
    std::uint32_t element;
    std::uint32_t variable;
  };
  Id call;
  std::vector<Output> outputs;
};
/// reinit(variables[variable], value): evaluated where it stands, applied to the state after
/// the whole event-iteration step (MLS 8.3.6).
struct Reinit {
  std::uint32_t variable;
  Id value;
};
struct Assert {
  Id condition;
  std::uint32_t message; // index into Program::messages
  AssertLevel level;
  std::vector<Id> values = {}; // the message's values, evaluated only when it is reported
};
struct Terminate {
  std::uint32_t message;
  std::vector<Id> values = {};
};
struct WhenBranch {
  /// Boolean variables holding the condition (one per element of a vector condition). The
  /// branch fires in event mode when any of them is true while its pre() is false.
  std::vector<std::uint32_t> conditions;
  /// The condition is `initial()` or a vector containing `initial()`: the branch is active in
  /// initial mode (MLS 8.6). In initial mode no other branch is active.
  bool activeAtInitial = false;
  std::vector<Statement> body;
};
/// when/elsewhen: at most one branch (the first that fires) executes.
struct When {
  std::vector<WhenBranch> branches;
};
struct IfBranch {
  Id condition;
  std::vector<Statement> body;
};
/// if/elseif/else of an algorithm section: the first branch whose condition holds executes,
/// else `elseBody`.
struct If {
  std::vector<IfBranch> branches;
  std::vector<Statement> elseBody;
};

/// Solves `Program::systems[system]`: afterwards its unknowns and inner variables hold the
/// solution (MLS 8.4: equations of a strongly connected block are solved together). Emitted as
/// a call of the runtime's mocc_solve_system (model.h). In the residual form of `derivatives`
/// (model.h, dae_residuals) a top-level Solve of `derivatives` is opened instead: its
/// iteration variables come from the integrator and its residuals go back to it.
struct Solve {
  std::uint32_t system;
};

struct Statement {
  std::variant<Assign, AssignPre, Call, Reinit, Assert, Terminate, When, If, Solve> node;
  std::string origin; // "file:line:col" of the Modelica equation it came from, or ""
};

// ---------------------------------------------------------------------------------- functions
//
// A function works on a frame of doubles: its inputs (flattened, in declaration order, arrays
// row-major) in slots [0, inputCount), its outputs in [inputCount, inputCount + outputCount),
// protected variables after them. Inside a function, expressions read the frame through
// Local(slot) and LocalElement(base, offset) nodes; Variable and Pre nodes do not occur.
// The compiled function has the C signature
//   void f(mocc_instance* instance, const double* inputs, double* outputs)
// where `instance` is only used to report failed asserts. A FunctionCall node evaluates its
// arguments, calls the function and yields output element `subindex`.

struct FunctionStatement;

/// frame[slot] := value, or frame[slot + offset] := value when `offset` is valid (an Integer
/// expression, 0-based) for an element of an array.
struct LocalAssign {
  std::uint32_t slot;
  Id offset;
  Id value;
};
struct FunctionBranch {
  Id condition;
  std::vector<FunctionStatement> body;
};
struct FunctionIf {
  std::vector<FunctionBranch> branches;
  std::vector<FunctionStatement> elseBody;
};
/// for frame[slot] in start:step:stop: the range is evaluated once before the loop (MLS
/// 11.2.2.1); the body runs while slot <= stop (step > 0) or slot >= stop (step < 0), with
/// slot = start + k*step; step == 0 runs nothing.
struct FunctionFor {
  std::uint32_t slot;
  Id start, step, stop;
  std::vector<FunctionStatement> body;
};
struct FunctionWhile {
  Id condition;
  std::vector<FunctionStatement> body;
};
struct FunctionBreak {};  // leaves the innermost for or while loop
struct FunctionReturn {}; // leaves the function (outputs as they are)
struct FunctionAssert {
  Id condition;
  std::uint32_t message;
  AssertLevel level;
  std::vector<Id> values = {}; // the message's values, evaluated only when it is reported
};
/// Calls `call` (a FunctionCall node) once and stores output element `output` of it in each
/// target: `(a, b) := f(x)`.
struct FunctionCallOutputs {
  struct Target {
    std::uint32_t output;
    std::uint32_t slot;
    Id offset; // valid for an array element
  };
  Id call;
  std::vector<Target> targets;
};

/// The C type an external function sees for a Modelica value (MLS 12.9.1.1): Real is double;
/// Integer, Boolean and enumerations are int; String is const char*; an ExternalObject is
/// the constructor's void* (stored in the frame as the address converted to a double, which
/// is exact below 2^53); `size(a, k)` is size_t.
enum class CType : std::uint8_t { Double, Int, String, Pointer, Size };

/// The C spelling of a CType: "double", "int", "size_t", "const char*", "void*".
const char* spelling(CType type);

/// One argument of an external call. By value: `value`, a scalar expression over the frame
/// (a String is `text`). By address (arrays, and scalar outputs): frame slots [slot, slot +
/// size) are converted into a temporary of the C type whose address is passed; an `output`
/// is converted back into those slots after the call (MLS 12.9.1.1: arrays row-major).
struct ExternalArgument {
  CType type = CType::Double;
  Id value;
  std::string text;
  bool byAddress = false;
  bool output = false;
  std::uint32_t slot = 0;
  std::uint32_t size = 0;
};
/// `external "C" result = symbol(arguments)` (MLS 12.9): the whole body of an external
/// function. The C function is declared from the arguments' C types, returning `resultType`
/// into frame slot `resultSlot` when `hasResult`, else void.
struct FunctionExternalCall {
  std::string symbol;
  std::vector<ExternalArgument> arguments;
  bool hasResult = false;
  CType resultType = CType::Double;
  std::uint32_t resultSlot = 0;
};

struct FunctionStatement {
  std::variant<LocalAssign, FunctionIf, FunctionFor, FunctionWhile, FunctionBreak, FunctionReturn,
               FunctionAssert, FunctionCallOutputs, FunctionExternalCall>
      node;
};

/// A variable of a function as declared: its place in the frame, for printing and for the
/// run-time check of subscripts.
struct FunctionLocal {
  enum class Role : std::uint8_t { Input, Output, Protected };
  std::string name;
  std::uint32_t slot = 0; // first frame slot
  std::uint32_t size = 1; // element count; 1 for a scalar
  expr::Type type = expr::Type::Real;
  Role role = Role::Protected;
  bool isArray = false;
  /// Arrays: the message (index into the program's messages) reported as a failed assert when
  /// a LocalElement or element assignment with this base has an offset outside [0, size).
  std::uint32_t boundsMessage = UINT32_MAX;
};

struct Function {
  std::string name;
  std::uint32_t inputCount = 0;
  std::uint32_t outputCount = 0;
  std::uint32_t frameSize = 0; // inputs, outputs and protected slots
  /// Starts with the initial values of outputs and protected variables; a slot without one
  /// starts as 0.
  std::vector<FunctionStatement> body;
  /// The declared variables in frame order. Every LocalElement node and element assignment
  /// needs an array here whose first slot is its base (scalars may be left out).
  std::vector<FunctionLocal> locals;
};
//
// Run-time semantics shared by the emitters: an element offset that is not constant and falls
// outside its array reports the array's `boundsMessage` as a failed assert and leaves the
// function (outputs as they are); so does a failed assert with level Error, while a Warning is
// reported and the function carries on. A constant offset outside its array is a malformed
// program. Inside functions `and`/`or` evaluate their right operand only when it decides the
// result (MLS 3.3 leaves the order open), so that `i <= n and a[i] > 0` is safe.

/// A relation that generates events (MLS 8.5): continuous mode reads its stored value;
/// event and initial modes evaluate `comparison` and store the result in `storage`.
struct Relation {
  Id comparison;         // Lt/Le/Gt/Ge/Eq/Ne node
  std::uint32_t storage; // a hidden Boolean variable
  /// Index of the crossing function watching this relation, or -1. When set and
  /// `lhs - rhs` is exactly zero in event mode, the relation takes its right-limit value from
  /// mocc_instance.crossing_direction (+1: lhs - rhs increasing).
  std::int32_t crossing = -1;
  /// The crossing of the other relation of a frozen floor (floor(e), integer(e) of a
  /// continuous e), or -1. Both compare e, so when this one's crossing function is exactly
  /// zero in event mode and only the partner's crossing was located, the partner's direction
  /// gives the right-limit value.
  std::int32_t partner = -1;
  /// `time op expr` with expr discrete: scheduled as a time event, never located as a root.
  /// At its event instant the relation takes its right-limit value: `time > T` and `time >= T`
  /// are evaluated as `time >= T`, `time < T` and `time <= T` as `time < T`.
  bool timeEvent = false;
};

/// A state-event crossing function: a root of `function` is an event.
struct Crossing {
  Id function;             // lhs - rhs of the relation
  std::uint32_t relation;  // index into Program::relations
  std::string description; // "h < 0 at BouncingBall.mo:9:8"
  /// d function / dt along the solution, evaluated after Program::crossingRateInputs in
  /// continuous mode; invalid when it could not be derived (then `rateMissing` says why).
  Id rate;
  std::string rateMissing;
};

/// `sample(start, interval)`: events at start + k*interval, k = 0, 1, ... computed exactly in
/// that form (no accumulated sums), and sample() is true exactly at those instants.
struct SampleEvent {
  Id start;
  Id interval;
};
/// An event at `at` when it lies after the current time (from `time >= expr` relations).
struct ThresholdEvent {
  Id at;
};
using TimeEvent = std::variant<SampleEvent, ThresholdEvent>;

/// One delay() operator (MLS 3.7.4.2): `node` is its Delay node (args: value, delayTime,
/// delayMax), whose index is its position in Program::delays. Generated code reads its value
/// from the runtime (model.h, mocc_delay), which records the history of `value` through
/// delay_inputs.
struct Delay {
  Id node;
  Id value;
};

struct Experiment {
  std::optional<double> startTime, stopTime, tolerance, interval;
};

/// An algebraic loop, torn: Newton's method on `unknowns` (the iteration variables), starting
/// from their current values; `inner` computes the loop's other variables from them, then the
/// residuals are evaluated. A linear system takes one exact step.
///
/// Emitters evaluate `inner`, `residuals` and `jacobian` with relations frozen (their stored
/// values, as in continuous mode) whatever the mode of the Solve, so that Newton sees a smooth
/// residual. In event and initial mode a Solve then runs `inner` and evaluates `residuals` once
/// more in that mode, which evaluates and stores the loop's relations at the solution; when
/// one changed, event iteration solves again with the new value (MLS 8.5). `inner` holds only
/// Assign, If and nested Solve statements.
struct AlgebraicSystem {
  std::string description;             // "nonlinear system of 2 equations at model.mo:12:3"
  std::vector<std::uint32_t> unknowns; // program variables
  std::vector<Statement> inner;
  std::vector<Id> residuals; // one per unknown
  /// Row-major d residual_i / d unknown_j (invalid Id: zero); empty: finite differences.
  std::vector<Id> jacobian;
  bool linear = false;
  std::vector<std::string> origins; // "file:line:col" of each equation of the loop
  /// Some residual or inner statement compares without generating events (noEvent, MLS
  /// 3.7.5), or calls min, max or abs: between events the residuals are only piecewise smooth,
  /// and their slope may jump
  /// (IdealizedOpAmpLimited's saturation, 0 against its gain). The residual form of
  /// `derivatives` (dae_residuals) leaves such a loop closed: it is solved inside each
  /// evaluation, as for CVODE, since an integrator's Newton iteration fails to cross the kink.
  bool kinked = false;
  /// The relations (indices into Program::relations) that its inner statements and residuals
  /// evaluate, nested loops' included: a mixed system's Boolean unknowns (MLS 3.6 section 8.6).
  std::vector<std::uint32_t> relations;
};

/// One nonzero of the Jacobian of the state derivatives: d dx[row] / d x[column].
struct JacobianEntry {
  std::uint32_t row;
  std::uint32_t column;
  Id value;
};

/// Dynamic state selection at run time (see dae::StateSet), in program variables. The
/// runtime switches the selection and the states; the program only evaluates the Jacobian.
struct StateSet {
  std::vector<std::uint32_t> candidates;
  std::vector<std::uint32_t> states;
  std::vector<std::uint32_t> selection; // row-major states x candidates, Value region
  /// Row-major d constraint_i / d candidate_j, evaluated after `jacobianInputs`.
  std::vector<Statement> jacobianInputs;
  std::vector<Id> constraintJacobian;
  std::uint32_t constraintCount = 0;
};

/// The native code that external functions need (MLS 12.9.4 annotations, gathered over the
/// program's functions, each entry once, in order of first use): C code of `Include`
/// annotations, and `Library` names with the directories to find them in. Directories are
/// absolute paths (modelica:// URIs are resolved by the frontend).
struct ExternalLibraries {
  std::vector<std::string> includes;
  std::vector<std::string> includeDirectories;
  std::vector<std::string> libraries;
  std::vector<std::string> libraryDirectories;

  bool empty() const { return includes.empty() && libraries.empty(); }
};

struct Program {
  std::string modelName;
  expr::Pool pool;
  std::vector<Variable> variables;
  std::uint32_t stateCount = 0;
  std::uint32_t valueCount = 0;
  /// Per state: the magnitude of its nominal attribute as translation computes it (1 when
  /// it cannot); empty when all are 1 (model.h, state_nominals).
  std::vector<double> stateNominals;
  /// Assert and terminate messages; a report passes the values of its statement.
  std::vector<Message> messages;

  /// Parameter bindings in dependency order, then start values (Assign only). An emitter
  /// skips an Assign whose target the runtime marked as overridden.
  std::vector<Statement> bind;
  /// The Assigns of `bind` whose parameters' bindings read tunable parameters, in the same
  /// order (model.h, update_parameters).
  std::vector<Statement> parameterUpdate;
  /// Continuous mode, in order: what dx needs, ending with the derivative assignments.
  std::vector<Statement> derivatives;
  /// Continuous mode: what the crossing functions need, evaluated before them.
  std::vector<Statement> crossingInputs;
  /// Continuous mode: what the crossings' rates (Crossing::rate) need, the state derivatives
  /// included, ending with the hidden $rate(y) variables: the time derivatives of the
  /// algebraic variables the crossings read.
  std::vector<Statement> crossingRateInputs;
  /// Continuous mode: every continuous-time assignment (results, after interpolation).
  std::vector<Statement> outputs;
  /// Continuous mode: what the delayed expressions (Delay::value) need, evaluated before them
  /// (model.h, delay_inputs).
  std::vector<Statement> delayInputs;
  /// Event and initial mode: all equations in causal order, when-clauses, asserts.
  std::vector<Statement> event;
  /// Initial mode: the solution of the initialization problem (MLS 8.6), after bind: start
  /// values of fixed variables, initial equations and all equations solved together (the
  /// initialization schedule); without one, the event list, run in initial mode.
  std::vector<Statement> initialize;
  /// Algebraic loops, solved by Solve statements (index = position).
  std::vector<AlgebraicSystem> systems;
  /// The Jacobian of dx with respect to x, evaluated after `jacobianInputs` in continuous
  /// mode; empty when none was derived (the integrator then uses finite differences and says
  /// so).
  std::vector<Statement> jacobianInputs;
  std::vector<JacobianEntry> jacobian;
  /// Why `jacobian` is empty (the structural analysis's reason), or "".
  std::string jacobianMissing;
  /// The Jacobian of the residual form (dae_residuals) with respect to its unknowns, the
  /// states then z (openedSystemOffsets()): rows are the states' derivatives then the opened
  /// loops' residuals, in the same order. Evaluated after `derivatives` with those loops
  /// opened, in continuous mode. Empty when no loop is opened or none was derived (then
  /// `daeJacobianMissing` says why).
  std::vector<JacobianEntry> daeJacobian;
  std::string daeJacobianMissing;
  std::vector<StateSet> stateSets;

  std::vector<Relation> relations;
  std::vector<Crossing> crossings;
  std::vector<TimeEvent> timeEvents;
  /// The delay() operators, by the index of their Delay nodes.
  std::vector<Delay> delays;
  /// Functions called by FunctionCall nodes (index = position); they may call each other
  /// and themselves.
  std::vector<Function> functions;
  ExternalLibraries externalLibraries;
  /// Destroys the ExternalObjects that bind() constructed (MLS 12.9.7), in the reverse order:
  /// for each, when its handle is not 0, a Call of its destructor, then the handle := 0
  /// (model.h, destroy_external_objects). Empty when the model has none.
  std::vector<Statement> destroyExternalObjects;
  Experiment experiment;
  /// Some expression is a homotopy() (expr::Op::Homotopy, MLS 3.7.4.4): the runtime then
  /// follows the initialization from the simplified problem (mocc_model.uses_homotopy).
  bool usesHomotopy = false;
};

/// Human-readable listing of a program (the printer of this stage boundary).
std::string print(const Program& program);

/// Why a multiple assignment cannot read output element `element` of `callee` (a check of the
/// program the emitters make before they store it), or "" when it can.
std::string outputElementError(const Function& callee, std::uint32_t element);

/// The structural nonzeros (row, column) of a loop's Jacobian, row-major: the valid Ids of
/// AlgebraicSystem::jacobian, in the order a Jacobian function writes their values.
std::vector<std::pair<std::int32_t, std::int32_t>> jacobianNonzeros(const AlgebraicSystem& system);

/// The loops that `derivatives` solves at its top level, in order, except kinked ones: the ones
/// the residual form (dae_residuals) opens, their iteration variables becoming the
/// integrator's algebraic unknowns.
std::vector<std::uint32_t> openedSystems(const Program& program);
/// The variable holding each relation's stored value, in relation order (mocc_model.relations).
std::vector<std::uint32_t> relationStorage(const Program& program);
/// The variable holding the stored value of the relation each crossing watches, in crossing
/// order (mocc_model.crossing_relations); empty unless every crossing names its relation.
std::vector<std::uint32_t> crossingRelationStorage(const Program& program);
/// The value of each crossing's relation where its function (lhs - rhs) is positive: 1 for
/// > and >=, 0 for < and <= (mocc_model.crossing_positive_values).
std::vector<std::uint32_t> crossingPositiveValues(const Program& program);
/// The values of Jacobian entries, in order (what a Jacobian function writes).
std::vector<Id> entryValues(const std::vector<JacobianEntry>& entries);

/// Where each opened loop's iteration variables start in z (openedSystems order, each loop's
/// unknowns in order).
std::map<std::uint32_t, std::uint32_t> openedSystemOffsets(const Program& program);

/// Statements, nested when and if bodies included, and the reinit() among them.
struct StatementCount {
  std::size_t statements = 0;
  std::size_t reinits = 0;
};
StatementCount countStatements(const Statement& statement);
StatementCount countStatements(const std::vector<Statement>& statements);

/// Listing of one function (its locals, then its body) indented by `indent` spaces, with
/// expressions from `pool`, assert messages from `messages` and called functions named by
/// `functionName`. Shared by sim::print and the DAE printer.
std::string print(const expr::Pool& pool, const Function& function,
                  const std::vector<Message>& messages, const expr::VariableNamer& functionName,
                  int indent = 2);

/// The declared variable of `function` whose slots hold `slot`, or null.
const FunctionLocal* localAt(const Function& function, std::uint32_t slot);

/// Names frame slots for expr::print: the local whose first slot is `slot`.
expr::VariableNamer localNamer(const Function& function);

/// The name of `variables[index]` for expression printing.
std::string variableName(const Program& program, std::uint32_t index);
/// The name of `functions[index]` for expression printing.
std::string functionName(const Program& program, std::uint32_t index);

} // namespace mocc::sim
