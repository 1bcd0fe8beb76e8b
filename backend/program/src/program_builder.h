// ProgramBuilder: the state of building one sim::Program.
#pragma once

#include "mocc/program/build.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace mocc::backend::program {

class CrossingRateDerivation;

class ProgramBuilder {
public:
  ProgramBuilder(const dae::System& system, const structure::Schedule& schedule,
                 const SourceManager& sources, Diagnostics& diagnostics, bool tunableParameters);
  std::optional<sim::Program> run();

private:
  // build.cpp
  /// A dummy state or dummy derivative (or the derivative of a dummy state): an algebraic
  /// value of the program.
  bool isDummy(std::uint32_t variable) const;
  /// A state, state derivative or selection entry of a dynamic state set: hidden.
  bool isStateSetVariable(std::uint32_t variable) const;
  void layOut();
  void markAliases();
  /// sim::Variable::tunable and ::calculated of the parameters.
  void markParameterUses();
  void layOutStateNominals(const std::vector<std::uint32_t>& stateSlot);
  void addRelations();
  /// A hidden variable of the Value region, made by the compiler.
  std::uint32_t addInternal(std::string name, expr::Type type);
  expr::Id mapLeaf(expr::Id id, expr::Translator& self);
  /// A Delay node in the program's pool with the next number (sim::Program::delays).
  expr::Id addDelay(expr::Id id, expr::Translator& self);
  void addDelayInputs();
  void addVariableOrigins();
  /// Each loop's relations (AlgebraicSystem::relations), for the mixed-system search.
  void addSystemRelations();
  std::string origin(const SourceRange& range) const;
  std::uint32_t message(const sim::Message& message);
  /// The values of a message in the program's pool.
  std::vector<expr::Id> messageValues(const std::vector<expr::Id>& values);
  std::vector<expr::Id> messageValues(const std::vector<expr::Id>& values,
                                      expr::Translator& translate);

  // functions.cpp
  void addFunctions();
  void addExternalObjects();
  std::vector<sim::FunctionStatement>
  functionStatements(const std::vector<sim::FunctionStatement>& body,
                     const std::vector<std::uint32_t>& messageOf);

  // algorithms.cpp
  /// `keep`: outputs that start from their current values (solved at initialization).
  std::vector<sim::Statement> algorithm(const dae::Algorithm& algorithm,
                                        const std::vector<std::uint32_t>& keep = {});
  expr::Id previousValue(std::uint32_t variable, std::uint32_t target);
  sim::Statement algorithmStatement(const dae::AlgorithmStatement& statement);
  std::vector<sim::Statement> algorithmStatements(const std::vector<dae::AlgorithmStatement>& list);
  /// How many statements from `first` on assign output elements of one call (0 or 1: none to
  /// merge), and those statements as one sim::Call.
  std::size_t sameCallAssignments(const std::vector<dae::AlgorithmStatement>& list,
                                  std::size_t first) const;
  sim::Statement multipleAssignment(const std::vector<dae::AlgorithmStatement>& list,
                                    std::size_t first, std::size_t count);

  // statements.cpp
  void addBind();
  bool addParameterBindings();
  bool updatedWithTunables(std::uint32_t parameter, const std::set<std::uint32_t>& updated) const;
  void addStartValues();
  void addScheduledStatements();
  sim::Statement when(const dae::WhenClause& clause);
  sim::Statement whenStatement(const dae::WhenStatement& statement);
  sim::Statement assertion(const dae::Assertion& assertion);
  sim::Statement assertion(const dae::Assertion& assertion, expr::Translator& translate);
  std::vector<sim::Statement> assignmentsNeededBy(std::set<std::uint32_t> needed);
  void addTimeEvents();

  // systems.cpp
  /// Which schedule a step belongs to: Step::source and Step::equations index `equations`;
  /// in the initialization schedule when-clauses run their initial() branch unconditionally.
  struct StepContext {
    const std::vector<dae::Equation>& equations;
    bool initial = false;
  };
  StepContext simulation() const { return {system_.equations, false}; }
  /// The statements that carry out one step of a schedule (any kind).
  std::vector<sim::Statement> stepStatements(const structure::Step& step, StepContext context);
  /// Adds the algebraic loop of a System step to the program; returns its Solve statement.
  sim::Statement solveStatement(const structure::Step& step, StepContext context);
  /// sim::AlgebraicSystem::kinked.
  bool changesSlopeWithoutEvents(const sim::AlgebraicSystem& loop) const;
  std::string systemDescription(const structure::Step& step, StepContext context) const;
  /// The program variables a step computes.
  std::vector<std::uint32_t> stepOutputs(const structure::Step& step) const;

  // initialization.cpp
  void addInitialize();
  /// Whether the step is `v = v.start` with a start of fixed parameters only, whose value bind
  /// gave v already (or an override replaced).
  bool keepsBoundStart(const structure::Step& step) const;
  bool readsOnlyFixedParameters(expr::Id value) const;
  std::vector<sim::Statement> consistencyChecks();
  void keepCurrentValue(std::vector<sim::Statement>& code, std::uint32_t target);
  /// A when-clause of the initialization schedule (MLS 8.6): the first branch active at
  /// initial() without its reinits (they are equations there), else pre() of every output.
  std::vector<sim::Statement> initialWhen(const dae::WhenClause& clause);
  void storePreUnknowns(const structure::Step& step);
  /// Variables merged away by alias elimination, assigned from their alias after everything.
  std::vector<sim::Statement> aliasAssignments();

  // jacobians.cpp
  void addOdeJacobian();
  void addDaeJacobian();
  void addStateSets();
  bool addStateSet(const dae::StateSet& set);
  bool differentiateConstraints(const dae::StateSet& set, sim::StateSet& out);

  // crossing_guards.cpp
  /// Each crossing function reports its relation's stored value while no occurrence of the
  /// relation can matter before the next event.
  void addCrossingGuards();

  // crossing_rates.cpp
  void addCrossingRates();
  friend class CrossingRateDerivation;

  const dae::System& system_;
  const structure::Schedule& schedule_;
  const SourceManager& sources_;
  Diagnostics& diagnostics_;
  bool tunableParameters_; // program::build's option
  sim::Program program_;
  expr::Translator translator_;
  std::vector<std::uint32_t> programIndex_; // dae variable -> program variable

  /// A continuous-mode step: one assignment, a whole algorithm section or an algebraic loop,
  /// with the program variables it computes and those it reads from other steps.
  struct ContinuousStep {
    std::vector<sim::Statement> statements;
    std::vector<std::uint32_t> outputs;
    std::vector<std::uint32_t> reads;
  };
  std::vector<ContinuousStep> continuous_; // in schedule order
};

/// What forEachExpression calls: `expression` with every expression the statements evaluate,
/// `whenConditions` (when set) with the condition variables of every when-branch.
struct StatementExpressions {
  std::function<void(expr::Id)> expression;
  std::function<void(const std::vector<std::uint32_t>&)> whenConditions = {};
};
/// Walks the expressions of `statements`: those of when- and if-bodies, and the inner
/// statements, residuals and Jacobian entries of the loops their Solve statements solve.
void forEachExpression(const sim::Program& program, const std::vector<sim::Statement>& statements,
                       const StatementExpressions& visit);

/// Every program variable that `statements` read (not through pre()), excluding nothing.
std::set<std::uint32_t> statementReads(const sim::Program& program,
                                       const std::vector<sim::Statement>& statements);

} // namespace mocc::backend::program
