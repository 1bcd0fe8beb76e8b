// Program::initialize (MLS 8.6): the initialization schedule of the `initialization` pass when
// there is one, step by step as structure::Initialization describes (its loops become systems
// of their own, started from the start values; a when-clause runs its initial() branch without
// reinit, and what it does not assign keeps pre()); otherwise the event list, which run in initial
// mode after bind computes every variable from the start values and fires `when initial()`.
// Also the assignments of variables that alias elimination merged away.
#include "program_builder.h"

#include <algorithm>

namespace mocc::backend::program {

void ProgramBuilder::addInitialize() {
  const structure::Initialization& problem = schedule_.initialization;
  if (problem.steps.empty()) {
    program_.initialize = program_.event;
    return;
  }
  std::vector<sim::Statement> checks = consistencyChecks();
  StepContext context{problem.equations, true};
  for (const structure::Step& step : problem.steps) {
    std::vector<sim::Statement> code = stepStatements(step, context);
    if (keepsBoundStart(step)) keepCurrentValue(code, programIndex_[step.variable]);
    program_.initialize.insert(program_.initialize.end(), code.begin(), code.end());
    storePreUnknowns(step);
  }
  std::vector<sim::Statement> aliases = aliasAssignments();
  program_.initialize.insert(program_.initialize.end(), aliases.begin(), aliases.end());
  program_.initialize.insert(program_.initialize.end(), checks.begin(), checks.end());
  // Asserts hold at the initial instant too (MLS 8.3.7).
  for (const dae::Assertion& a : system_.assertions)
    program_.initialize.push_back(assertion(a));
}

// `v = v.start` (fixed = true, or the fallback of a free state) whose start value reads only
// fixed parameters keeps the value bind gave v: bind skips a value the runtime overrode
// (`--override x=2` sets the start value), where recomputing the start here would undo it.
bool ProgramBuilder::keepsBoundStart(const structure::Step& step) const {
  const structure::Initialization& problem = schedule_.initialization;
  if (step.kind != structure::Step::Kind::Assign || step.source >= problem.origins.size())
    return false;
  structure::InitialOrigin origin = problem.origins[step.source];
  if (origin != structure::InitialOrigin::FixedStart &&
      origin != structure::InitialOrigin::StartFallback)
    return false;
  const dae::Variable& variable = system_.variables[step.variable];
  if (variable.kind == dae::VariableKind::Internal || variable.start != step.value) return false;
  return readsOnlyFixedParameters(step.value);
}

bool ProgramBuilder::readsOnlyFixedParameters(expr::Id value) const {
  for (std::uint32_t read : expr::variablesOf(system_.pool, value)) {
    const dae::Variable& v = system_.variables[read];
    if (v.kind != dae::VariableKind::Parameter || !v.fixed) return false;
  }
  return true;
}

// The checks of the equations left over (MLS 8.6), to run after the steps. A left-over
// `v = v.start` compares v with the start value bind gave it, captured here before the steps
// compute v: that is the overridden one after `--override v=...`, which the start expression
// does not know (keepsBoundStart's case, for a start value that became redundant).
std::vector<sim::Statement> ProgramBuilder::consistencyChecks() {
  std::vector<sim::Statement> checks;
  for (const structure::ConsistencyCheck& check : schedule_.initialization.consistencyChecks) {
    if (!check.fixedStartOf || !readsOnlyFixedParameters(check.start)) {
      checks.push_back(assertion(check.assertion));
      continue;
    }
    const dae::Variable& variable = system_.variables[*check.fixedStartOf];
    std::uint32_t started = addInternal("$start(" + variable.name + ")", variable.type);
    program_.initialize.push_back(
        {sim::Assign{started,
                     program_.pool.variable(programIndex_[*check.fixedStartOf], variable.type)},
         origin(variable.range)});
    expr::Translator fromStartedValue(
        system_.pool, program_.pool, [&](expr::Id id, expr::Translator& self) {
          return id == check.start ? program_.pool.variable(started, variable.type)
                                   : mapLeaf(id, self);
        });
    checks.push_back(assertion(check.assertion, fromStartedValue));
  }
  return checks;
}

// The assignments of `target` in `code` assign its current value instead.
void ProgramBuilder::keepCurrentValue(std::vector<sim::Statement>& code, std::uint32_t target) {
  for (sim::Statement& statement : code)
    if (auto* assign = std::get_if<sim::Assign>(&statement.node);
        assign && assign->variable == target)
      assign->value = program_.pool.variable(target, program_.variables[target].type);
}

// MLS 8.6: a pre() value that the initialization problem determines (structure::PreUnknown)
// goes into pre() storage as soon as the step computing its stand-in has run, so that the
// blocks after it (when-clauses keeping pre(v), algorithm sections) read it as pre(v).
void ProgramBuilder::storePreUnknowns(const structure::Step& step) {
  std::vector<std::uint32_t> outputs = stepOutputs(step);
  for (const structure::PreUnknown& unknown : schedule_.initialization.preUnknowns) {
    std::uint32_t standIn = programIndex_[unknown.standIn];
    if (std::find(outputs.begin(), outputs.end(), standIn) == outputs.end()) continue;
    const dae::Variable& variable = system_.variables[unknown.variable];
    program_.initialize.push_back({sim::AssignPre{programIndex_[unknown.variable],
                                                  program_.pool.variable(standIn, variable.type)},
                                   origin(variable.range)});
  }
}

// Every variable the clause assigns keeps pre() unless the active branch assigns it or the
// initial equations determine it (Initialization::solvedWhenOutputs).
std::vector<sim::Statement> ProgramBuilder::initialWhen(const dae::WhenClause& clause) {
  const std::vector<std::uint32_t>& solved = schedule_.initialization.solvedWhenOutputs;
  std::vector<sim::Statement> out;
  for (std::uint32_t v : clause.assigned) {
    if (std::find(solved.begin(), solved.end(), v) != solved.end()) continue;
    std::uint32_t target = programIndex_[v];
    expr::Id previous = program_.pool.pre(target, system_.variables[v].type);
    out.push_back({sim::Assign{target, previous}, origin(clause.range)});
  }
  auto active = std::find_if(clause.branches.begin(), clause.branches.end(),
                             [](const dae::WhenBranch& branch) { return branch.activeAtInitial; });
  if (active == clause.branches.end()) return out;
  for (const dae::WhenStatement& statement : active->body)
    if (!std::holds_alternative<dae::Reinit>(statement)) out.push_back(whenStatement(statement));
  return out;
}

std::vector<sim::Statement> ProgramBuilder::aliasAssignments() {
  std::vector<sim::Statement> out;
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    const dae::Variable& v = system_.variables[i];
    if (v.alias.valid())
      out.push_back({sim::Assign{programIndex_[i], translator_(v.alias)}, origin(v.range)});
  }
  return out;
}

} // namespace mocc::backend::program
