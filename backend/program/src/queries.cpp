// Questions both code generators ask of a sim::Program.
#include "mocc/sim/program.h"

#include <algorithm>
#include <set>

namespace mocc::sim {

std::vector<std::pair<std::int32_t, std::int32_t>> jacobianNonzeros(const AlgebraicSystem& system) {
  std::vector<std::pair<std::int32_t, std::int32_t>> nonzeros;
  std::size_t n = system.unknowns.size();
  for (std::size_t i = 0; i < system.jacobian.size(); ++i)
    if (system.jacobian[i].valid())
      nonzeros.emplace_back(static_cast<std::int32_t>(i / n), static_cast<std::int32_t>(i % n));
  return nonzeros;
}

std::vector<std::uint32_t> relationStorage(const Program& program) {
  std::vector<std::uint32_t> storage;
  for (const Relation& relation : program.relations)
    storage.push_back(relation.storage);
  return storage;
}

namespace {

bool everyCrossingHasItsRelation(const Program& program) {
  return std::all_of(program.crossings.begin(), program.crossings.end(),
                     [&](const Crossing& c) { return c.relation < program.relations.size(); });
}

} // namespace

std::vector<std::uint32_t> crossingRelationStorage(const Program& program) {
  std::vector<std::uint32_t> storage;
  if (!everyCrossingHasItsRelation(program)) return storage;
  for (const Crossing& crossing : program.crossings)
    storage.push_back(program.relations[crossing.relation].storage);
  return storage;
}

std::vector<std::uint32_t> crossingPositiveValues(const Program& program) {
  std::vector<std::uint32_t> values;
  if (!everyCrossingHasItsRelation(program)) return values;
  for (const Crossing& crossing : program.crossings) {
    expr::Op op = program.pool.op(program.relations[crossing.relation].comparison);
    values.push_back(op == expr::Op::Gt || op == expr::Op::Ge ? 1 : 0);
  }
  return values;
}

std::vector<std::uint32_t> openedSystems(const Program& program) {
  std::vector<std::uint32_t> systems;
  std::set<std::uint32_t> seen;
  for (const Statement& statement : program.derivatives)
    if (const auto* solve = std::get_if<Solve>(&statement.node))
      if (!program.systems[solve->system].kinked && seen.insert(solve->system).second)
        systems.push_back(solve->system);
  return systems;
}

std::vector<Id> entryValues(const std::vector<JacobianEntry>& entries) {
  std::vector<Id> values;
  for (const JacobianEntry& entry : entries)
    values.push_back(entry.value);
  return values;
}

std::map<std::uint32_t, std::uint32_t> openedSystemOffsets(const Program& program) {
  std::map<std::uint32_t, std::uint32_t> offsets;
  std::uint32_t offset = 0;
  for (std::uint32_t k : openedSystems(program)) {
    offsets[k] = offset;
    offset += static_cast<std::uint32_t>(program.systems[k].unknowns.size());
  }
  return offsets;
}

StatementCount countStatements(const Statement& statement) {
  StatementCount count{1, std::holds_alternative<Reinit>(statement.node) ? 1u : 0u};
  auto add = [&count](const std::vector<Statement>& body) {
    StatementCount nested = countStatements(body);
    count.statements += nested.statements;
    count.reinits += nested.reinits;
  };
  if (const auto* when = std::get_if<When>(&statement.node)) {
    for (const WhenBranch& branch : when->branches)
      add(branch.body);
  } else if (const auto* choice = std::get_if<If>(&statement.node)) {
    for (const IfBranch& branch : choice->branches)
      add(branch.body);
    add(choice->elseBody);
  }
  return count;
}

StatementCount countStatements(const std::vector<Statement>& statements) {
  StatementCount count;
  for (const Statement& statement : statements) {
    StatementCount one = countStatements(statement);
    count.statements += one.statements;
    count.reinits += one.reinits;
  }
  return count;
}

const FunctionLocal* localAt(const Function& function, std::uint32_t slot) {
  for (const FunctionLocal& local : function.locals)
    if (slot >= local.slot && slot < local.slot + local.size) return &local;
  return nullptr;
}

} // namespace mocc::sim
