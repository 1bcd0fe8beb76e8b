// What the two emitters (backend/cpp and backend/llvm) share about turning a sim::Program into
// code: the error they throw for a malformed program, the evaluation modes of the functions
// they generate, and the checks and decisions that do not depend on the target (which loops are
// well formed, which overridden[] slot a binding tests, which when-branch runs at
// initialization). The walk over statements is StatementWalk (statement_walk.h).
#pragma once

#include "mocc/sim/program.h"

#include <cstdint>
#include <optional>
#include <stdexcept>

namespace mocc::sim {

/// A malformed program found while emitting (both emitters reject the same conditions).
class EmitError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// How relations, sample() and when-clauses behave in the function being generated.
enum class Evaluation {
  Bind,       // relations evaluated without storing; sample() false; when-clauses inactive
  Continuous, // relations read their stored value; sample() false; when-clauses inactive
  Event,      // relations evaluated and stored; sample() evaluated; when-clauses fire
  Function,   // a user function's body: comparisons are plain, model values are not visible
};

/// program.variables[index]; throws EmitError when the number or the variable's index in its
/// region is out of range.
const Variable& checkedVariable(const Program& program, std::uint32_t index);

/// Throws EmitError unless the function's inputs, outputs and locals fit in its frame.
void checkFrame(const Function& function);

/// Throws EmitError unless program.systems[k] has iteration variables in range, as many
/// residuals and a square Jacobian (or none).
void checkSystem(const Program& program, std::size_t k);

/// program.systems[solve.system]; throws EmitError when it is out of range.
const AlgebraicSystem& solvedSystem(const Program& program, const Solve& solve);

/// Throws EmitError unless `message` exists and takes `values` values.
void checkMessage(const Program& program, std::uint32_t message, std::size_t values);

/// Throws EmitError unless the reinit() stands in the event function and names a state.
void checkReinit(const Program& program, const Reinit& reinit, Evaluation evaluation);

/// The relation that the Relation node `id` reads; throws EmitError when it is out of range or
/// stands inside a function (relations there never generate events).
const Relation& relationOf(const Program& program, expr::Id id, Evaluation evaluation);

/// The operator of a relation's comparison; throws EmitError when it wraps none.
expr::Op comparisonOperator(const expr::Pool& pool, expr::Id comparison);

/// Throws EmitError for pre() of a derivative, which has no pre() value.
void checkHasPre(const Variable& variable);

/// The overridden[] slot a binding of `variable` tests (one per state, then one per value), or
/// nullopt for variables that cannot be overridden (derivatives; out-of-range numbers, which
/// the store itself reports).
std::optional<std::uint32_t> overriddenSlot(const Program& program, std::uint32_t variable);

/// The branch of `when` that executes during initialization (MLS 8.6): the first active at
/// initial(), if any.
std::optional<std::size_t> initialBranch(const When& when);

} // namespace mocc::sim
