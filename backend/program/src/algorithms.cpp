// Algorithm sections into program statements (MLS 11.1.2): the outputs are initialised first
// (discrete ones from pre(), the others from their start values), then the statements run in
// order. The block goes into the event list and, as one step, into the continuous lists
// (statements.cpp).
#include "program_builder.h"

#include <algorithm>

namespace mocc::backend::program {

std::vector<sim::Statement> ProgramBuilder::algorithm(const dae::Algorithm& section,
                                                      const std::vector<std::uint32_t>& keep) {
  std::vector<sim::Statement> out;
  std::string where = origin(section.range);
  for (std::uint32_t v : section.outputs) {
    if (std::find(keep.begin(), keep.end(), v) != keep.end()) continue;
    const dae::Variable& variable = system_.variables[v];
    std::uint32_t target = programIndex_[v];
    bool discrete = variable.kind == dae::VariableKind::Discrete ||
                    variable.kind == dae::VariableKind::Internal;
    expr::Id initial = discrete                 ? previousValue(v, target)
                       : variable.start.valid() ? translator_(variable.start)
                                                : program_.pool.constant(variable.type, 0);
    out.push_back({sim::Assign{target, initial}, where});
  }
  std::vector<sim::Statement> body = algorithmStatements(section.statements);
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

// pre(v), except for a variable that the initialization problem determined instead of the
// section (an initial algorithm's output, Initialization::solvedWhenOutputs): while initial()
// holds, its pre() is still its start value, and its value is the initialization's (MLS 8.6).
expr::Id ProgramBuilder::previousValue(std::uint32_t v, std::uint32_t target) {
  expr::Type type = system_.variables[v].type;
  expr::Id previous = program_.pool.pre(target, type);
  const std::vector<std::uint32_t>& solved = schedule_.initialization.solvedWhenOutputs;
  if (std::find(solved.begin(), solved.end(), v) == solved.end()) return previous;
  return program_.pool.ifThenElse(program_.pool.initial(), program_.pool.variable(target, type),
                                  previous);
}

std::vector<sim::Statement>
ProgramBuilder::algorithmStatements(const std::vector<dae::AlgorithmStatement>& list) {
  std::vector<sim::Statement> out;
  for (const dae::AlgorithmStatement& s : list)
    out.push_back(algorithmStatement(s));
  return out;
}

sim::Statement ProgramBuilder::algorithmStatement(const dae::AlgorithmStatement& statement) {
  if (auto* branching = std::get_if<dae::AlgorithmIf>(&statement.node)) {
    sim::If out;
    for (const dae::AlgorithmBranch& branch : branching->branches) {
      out.branches.push_back(
          sim::IfBranch{translator_(branch.condition), algorithmStatements(branch.body)});
    }
    out.elseBody = algorithmStatements(branching->elseBody);
    return {std::move(out), origin(branching->range)};
  }
  if (auto* when = std::get_if<dae::AlgorithmWhen>(&statement.node)) {
    sim::When out;
    for (const dae::AlgorithmWhenBranch& branch : when->branches) {
      sim::WhenBranch b;
      for (std::uint32_t c : branch.conditions)
        b.conditions.push_back(programIndex_[c]);
      b.activeAtInitial = branch.activeAtInitial;
      b.body = algorithmStatements(branch.body);
      out.branches.push_back(std::move(b));
    }
    return {std::move(out), origin(when->range)};
  }
  // Assignment, reinit, assert, terminate: as in when-clauses.
  return std::visit(
      [&](const auto& simple) -> sim::Statement {
        using T = std::decay_t<decltype(simple)>;
        if constexpr (std::is_same_v<T, dae::AlgorithmIf> ||
                      std::is_same_v<T, dae::AlgorithmWhen>) {
          return {}; // handled above
        } else if constexpr (std::is_same_v<T, dae::CallForEffects>) {
          return {sim::Call{translator_(simple.call)}, origin(simple.range)};
        } else {
          return whenStatement(dae::WhenStatement{simple});
        }
      },
      statement.node);
}

} // namespace mocc::backend::program
