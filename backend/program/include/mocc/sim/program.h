// sim::Program: the backend's output, a causal and target-neutral program that both emitters
// (backend/llvm, backend/cpp) translate to the model ABI of runtime/include/mocc/model.h.
// Everything an emitter needs is here; emitters never look at the DAE or the source.
#pragma once

#include "mocc/expr/expr.h"

#include <cstdint>
#include <optional>
#include <string>
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
};

enum class AssertLevel : std::uint8_t { Error, Warning };

struct Statement;

/// variables[variable] := value
struct Assign {
  std::uint32_t variable;
  Id value;
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
};
struct Terminate {
  std::uint32_t message;
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

struct Statement {
  std::variant<Assign, Reinit, Assert, Terminate, When> node;
  std::string origin; // "file:line:col" of the Modelica equation it came from, or ""
};

/// A relation that generates events (MLS 8.5): continuous mode reads its stored value;
/// event and initial modes evaluate `comparison` and store the result in `storage`.
struct Relation {
  Id comparison;         // Lt/Le/Gt/Ge/Eq/Ne node
  std::uint32_t storage; // a hidden Boolean variable
  /// Index of the crossing function watching this relation, or -1. When set and
  /// `lhs - rhs` is exactly zero in event mode, the relation takes its right-limit value from
  /// mocc_instance.crossing_direction (+1: lhs - rhs increasing).
  std::int32_t crossing = -1;
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

struct Experiment {
  std::optional<double> startTime, stopTime, tolerance, interval;
};

struct Program {
  std::string modelName;
  expr::Pool pool;
  std::vector<Variable> variables;
  std::uint32_t stateCount = 0;
  std::uint32_t valueCount = 0;
  std::vector<std::string> messages;

  /// Parameter bindings in dependency order, then start values (Assign only). An emitter
  /// skips an Assign whose target the runtime marked as overridden.
  std::vector<Statement> bind;
  /// Continuous mode, in order: what dx needs, ending with the derivative assignments.
  std::vector<Statement> derivatives;
  /// Continuous mode: what the crossing functions need, evaluated before them.
  std::vector<Statement> crossingInputs;
  /// Continuous mode: every continuous-time assignment (results, after interpolation).
  std::vector<Statement> outputs;
  /// Event and initial mode: all equations in causal order, when-clauses, asserts.
  std::vector<Statement> event;

  std::vector<Relation> relations;
  std::vector<Crossing> crossings;
  std::vector<TimeEvent> timeEvents;
  Experiment experiment;
};

/// Human-readable listing of a program (the printer of this stage boundary).
std::string print(const Program& program);

/// The name of `variables[index]` for expression printing.
std::string variableName(const Program& program, std::uint32_t index);

} // namespace mocc::sim
