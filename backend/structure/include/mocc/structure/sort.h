// Pass `sort` (backend/structure): causalisation. Matches every equation to the unknown it
// computes, orders the equations, when-clauses and algorithm sections by their dependencies
// (Tarjan's BLT), solves each equation for its unknown where it can, and tears each algebraic
// loop (a strongly connected block, or a single equation that cannot be solved explicitly)
// into a System step with a symbolic Jacobian. A when-clause or an algorithm is one block that
// computes all the variables it assigns. Also derives the Jacobian of the ODE when the
// schedule allows. Adds expression nodes to the pool; never changes variables or equations.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::backend::structure {

/// One step of a schedule.
///  - Assign: `variable := value`, from equation `source`.
///  - When: when-clause `source` (System::whens) as one block.
///  - Algorithm: algorithm section `source` (System::algorithms) as one block.
///  - InitialAlgorithm: initial algorithm section `source` (System::initialAlgorithms) as one
///    block; only in the initialization schedule.
///  - System: an algebraic loop; `source` is its first equation (the smallest index).
/// Equation indices refer to System::equations in the simulation schedule and to
/// Initialization::equations in the initialization schedule.
struct Step {
  enum class Kind : std::uint8_t { Assign, When, Algorithm, InitialAlgorithm, System };
  Kind kind = Kind::Assign;
  std::uint32_t variable = dae::kNone; // Assign: the unknown it computes
  expr::Id value;                      // Assign: the unknown's solved value
  /// Assign: equation index; When: when-clause index; (Initial)Algorithm: algorithm index
  std::uint32_t source = 0;

  /// System: an algebraic loop (a strongly connected block of the BLT), torn. The iteration
  /// variables are found by Newton's method (one exact step when `linear`); the `inner` steps
  /// compute the block's other unknowns from them; each residual is zero at the solution.
  ///
  /// How to evaluate: set the iteration variables, run the inner Assign steps in order (they
  /// may compute Boolean or Integer variables, e.g. `off := $rel0(s < 0)`), then evaluate the
  /// residuals (and the Jacobian, whose entries read iteration, inner and earlier variables).
  /// Relations are frozen during the whole solve, in every mode (continuous, event and
  /// initial): residual evaluations read their stored values, so the residual is smooth and
  /// its Jacobian treats them as constants; event iteration re-evaluates them afterwards.
  /// Start Newton from the variables' current values (warm start). `iteration` holds only
  /// Real variables; `residuals.size() == iteration.size()`.
  std::vector<std::uint32_t> iteration;
  std::vector<Step> inner;
  std::vector<expr::Id> residuals;
  /// d residual_i / d iteration_j, row-major, total derivatives through `inner` (an invalid
  /// Id is a structural zero); empty when no symbolic Jacobian could be formed (a function
  /// without derivative annotation, or more than 250000 entries): difference numerically.
  std::vector<expr::Id> jacobian;
  /// The residuals are affine in the iteration variables (checked symbolically with the
  /// inner steps substituted): one Newton step with the exact Jacobian solves the loop.
  bool linear = false;
  std::vector<std::uint32_t> equations; // the block's equations, ascending, for diagnostics
};

/// One nonzero of the Jacobian of the ODE: d der(state) / d wrt, both integrated states
/// (Variable::isIntegratedState; the row is variables[state].derivative).
struct JacobianEntry {
  std::uint32_t state;
  std::uint32_t wrt;
  /// In System::pool; reads parameters, states, time and variables that the continuous
  /// schedule computes (evaluate it after the steps that compute the derivatives).
  expr::Id value;
};

/// One nonzero of the Jacobian of the residual form (model.h, dae_residuals): the loops the
/// state derivatives need are opened, their iteration variables becoming unknowns beside the
/// states. Rows are the state derivatives (`residual` false, `row` the state) and the loops'
/// residuals (`residual` true, `row` the iteration variable the residual is listed with);
/// columns (`wrt`) are states and those iteration variables, partial derivatives holding the
/// other unknowns fixed.
struct ResidualJacobianEntry {
  bool residual = false;
  std::uint32_t row;
  std::uint32_t wrt;
  expr::Id value;
};

/// Where an equation of the initialization problem comes from (MLS 8.6).
enum class InitialOrigin : std::uint8_t {
  Equation,        // an equation of the model (simulation equations, same index)
  InitialEquation, // an initial equation (or the binding of a parameter with fixed = false)
  FixedStart,      // `v = v.start` for a continuous variable with fixed = true
  Reinit,          // `x = value` from reinit(x, value) in a when-clause active at initial()
  StartFallback,   // `x = x.start` added for a state nothing else determines (warned)
};

/// pre(variable) as an unknown of the initialization problem (MLS 8.6): the hidden variable
/// `standIn` (kind Internal, named "pre(v)") stands for it in the problem's equations and
/// blocks read it; the program stores its value into pre(variable) as soon as it is computed.
struct PreUnknown {
  std::uint32_t variable;
  std::uint32_t standIn;
};

/// The initialization problem (MLS 8.6), solved once at the start time, made by the
/// `initialization` pass.
///
/// Unknowns: every variable that is not a parameter with fixed = true, an alias or a state
/// set's selection entry: states (integrated and dummy), derivatives, algebraic, discrete
/// and internal variables, parameters with fixed = false.
/// Known: fixed parameters, time, and pre() of every variable that is no PreUnknown, which
/// is its start value (MLS 8.6: pre(v) = v.start for discrete v; the runtime sets pre := start
/// before). pre(v) of a discrete v that an initial equation reads is an unknown (PreUnknown):
/// the initial equations may determine it, else pre(v) = v.start.
///
/// What the program does, in initial mode after bind (parameters, then every variable at
/// its start value, pre() := start): execute `steps` in order.
///  - Assign and System as in the simulation schedule (Newton starts from start values).
///  - When: the clause's first branch with activeAtInitial executes its assignments (and
///    asserts, terminate); its reinit statements are not executed (they are equations of
///    this problem). When no branch is active at initial, every variable the clause assigns
///    keeps pre(v). Conditions are not evaluated here.
///  - Algorithm: the section executes as in event mode at the initial time, except that the
///    outputs in solvedWhenOutputs keep their values instead of starting from pre().
///  - InitialAlgorithm: the initial algorithm section executes (MLS 8.6, 11.1.2: its outputs
///    start from pre() when discrete, from their start values otherwise).
/// Afterwards every variable holds its initial value; the runtime then sets pre := current
/// values and continues with event iteration as usual.
/// A left-over equation of the initialization problem, checked once its steps have run.
struct ConsistencyCheck {
  dae::Assertion assertion;
  /// For `v = v.start` of a variable with fixed = true: v, and `start` is the start expression
  /// (in the assertion's condition): the start value v had when initialization began may
  /// have been overridden, so the program compares with that value instead.
  std::optional<std::uint32_t> fixedStartOf = std::nullopt;
  expr::Id start = {};
};

struct Initialization {
  std::vector<dae::Equation> equations; // Step::source of Assign/System steps indexes this
  std::vector<InitialOrigin> origins;   // per equation
  std::vector<std::uint32_t> unknowns;  // dae variables, ascending
  std::vector<Step> steps;
  /// States that took their start values because nothing else determined them (each got a
  /// StartFallback equation and a warning).
  std::vector<std::uint32_t> startFallbacks;
  /// Variables of when-clauses inactive at initialization (or of algorithm sections) that
  /// initial equations or an initial algorithm determine (MLS 8.6: v = pre(v) with pre(v)
  /// unknown): the clause or the algorithm leaves them as solved.
  std::vector<std::uint32_t> solvedWhenOutputs;
  /// pre() values that are unknowns of this problem, with the variables standing for them.
  std::vector<PreUnknown> preUnknowns;
  /// Initial equations and fixed start values that were left over, removed from `equations`
  /// (MLS 8.6 allows removing consistent ones): each must hold once the steps have run.
  std::vector<ConsistencyCheck> consistencyChecks;
};

/// The causal order of a system: each step's inputs are computed by earlier steps or known
/// (time, states, parameters, pre() values, state-set selections).
struct Schedule {
  std::vector<Step> steps;
  /// The Jacobian of the state derivatives with respect to the states, one entry per
  /// structural nonzero (rows in state order, columns ascending); nullopt when it could not
  /// be derived symbolically because the derivatives depend on a System step, an algorithm
  /// section or a function without derivative annotation: the integrator then differences
  /// numerically and says so, quoting `odeJacobianMissing`.
  std::optional<std::vector<JacobianEntry>> odeJacobian;
  std::string odeJacobianMissing;
  /// The Jacobian of the residual form IDA integrates (see ResidualJacobianEntry), when the
  /// derivatives solve loops and it could be derived; else nullopt and the reason.
  std::optional<std::vector<ResidualJacobianEntry>> residualJacobian;
  std::string residualJacobianMissing;
  /// Filled by the `initialization` pass (empty before it runs).
  Initialization initialization;
};

std::optional<Schedule> sort(dae::System& system, Diagnostics& diagnostics);

/// The matching the simulation schedule claims (checked with --verify-each): every unknown
/// (Variable::isUnknown) is computed by exactly one step (an Assign, a System's iteration
/// variables or inner steps, a when-clause's or algorithm's assigned variables), and each
/// System step has as many residuals as iteration variables. One line per violation.
std::vector<std::string> verify(const dae::System& system, const Schedule& schedule);
/// The same for the initialization problem and its unknowns.
std::vector<std::string> verify(const dae::System& system, const Initialization& initialization);

/// The ODE Jacobian through `steps` (see Schedule::odeJacobian); `why` receives the reason
/// when there is none.
std::optional<std::vector<JacobianEntry>>
odeJacobian(dae::System& system, const std::vector<Step>& steps, std::string* why = nullptr);

/// The residual form's Jacobian through `steps` (see Schedule::residualJacobian): nullopt with
/// `why` set when it cannot be derived, and an empty list when the derivatives solve no loop.
std::optional<std::vector<ResidualJacobianEntry>>
residualJacobian(dae::System& system, const std::vector<Step>& steps, std::string* why = nullptr);

/// What stands in for a missing ODE Jacobian: the runtime's Schur complement of the residual
/// form's Jacobian (model.h, dae_jacobian) when there is one, else numeric differences.
std::string odeJacobianFallback(const Schedule& schedule);

/// One line per step: `der(h) := v`, `when-clause #0`, and for a System step its size,
/// iteration variables, inner steps and residuals; then the ODE Jacobian's size.
std::string print(const dae::System& system, const Schedule& schedule,
                  const SourceManager* sources = nullptr);

/// The steps alone, indented by `indent` spaces; `equations` are the equations that
/// Step::source refers to (for source locations).
std::string printSteps(const dae::System& system, const std::vector<Step>& steps,
                       const std::vector<dae::Equation>& equations, const SourceManager* sources,
                       int indent);

} // namespace mocc::backend::structure
