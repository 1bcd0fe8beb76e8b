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
  StepContext context{problem.equations, true};
  for (const structure::Step& step : problem.steps) {
    std::vector<sim::Statement> code = stepStatements(step, context);
    program_.initialize.insert(program_.initialize.end(), code.begin(), code.end());
    storePreUnknowns(step);
  }
  std::vector<sim::Statement> aliases = aliasAssignments();
  program_.initialize.insert(program_.initialize.end(), aliases.begin(), aliases.end());
  for (const dae::Assertion& a : problem.consistencyChecks)
    program_.initialize.push_back(assertion(a));
  // Asserts hold at the initial instant too (MLS 8.3.7).
  for (const dae::Assertion& a : system_.assertions)
    program_.initialize.push_back(assertion(a));
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
