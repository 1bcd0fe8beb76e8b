// Algorithm sections into program statements (MLS 11.1.2): the outputs are initialised first
// (discrete ones from pre(), the others from their start values), then the statements run in
// order. The block goes into the event list and, as one step, into the continuous lists
// (statements.cpp).
#include "program_builder.h"

#include <algorithm>
#include <set>

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
  for (std::size_t i = 0; i < list.size();) {
    std::size_t count = sameCallAssignments(list, i);
    if (count > 1) {
      out.push_back(multipleAssignment(list, i, count));
      i += count;
    } else {
      out.push_back(algorithmStatement(list[i++]));
    }
  }
  return out;
}

namespace {

const dae::Assignment* callAssignment(const expr::Pool& pool, const dae::AlgorithmStatement& s) {
  const auto* a = std::get_if<dae::Assignment>(&s.node);
  return a && pool.op(a->value) == expr::Op::FunctionCall ? a : nullptr;
}

bool sameCall(const expr::Pool& pool, expr::Id a, expr::Id b) {
  auto argsA = pool.args(a), argsB = pool.args(b);
  return pool.node(a).index == pool.node(b).index &&
         std::equal(argsA.begin(), argsA.end(), argsB.begin(), argsB.end());
}

} // namespace

// `(a, b) := f(x)` reaches the DAE as a := f(x)[1]; b := f(x)[2] (dae::SystemBuilder::
// appendCall, which numbers them as one multiple assignment): the run of them, when the call
// reads none of their targets, is one call assigning them all (the outputs of a call of n
// inputs would otherwise cost n each, in code and in time). Separate statements calling one
// function stay separate calls: an impure function's two calls are two.
std::size_t ProgramBuilder::sameCallAssignments(const std::vector<dae::AlgorithmStatement>& list,
                                                std::size_t first) const {
  const expr::Pool& pool = system_.pool;
  const dae::Assignment* head = callAssignment(pool, list[first]);
  if (!head || head->multiple == 0) return 0;
  std::set<std::uint32_t> targets;
  std::size_t end = first;
  for (; end < list.size(); ++end) {
    const dae::Assignment* a = callAssignment(pool, list[end]);
    if (!a || a->multiple != head->multiple || !sameCall(pool, head->value, a->value)) break;
    targets.insert(a->variable);
  }
  bool readsTarget =
      expr::dependsOn(pool, head->value, [&](std::uint32_t v) { return targets.count(v) > 0; });
  return readsTarget ? 1 : end - first;
}

sim::Statement ProgramBuilder::multipleAssignment(const std::vector<dae::AlgorithmStatement>& list,
                                                  std::size_t first, std::size_t count) {
  const expr::Pool& pool = system_.pool;
  const auto& head = std::get<dae::Assignment>(list[first].node);
  sim::Call call{translator_(head.value), {}};
  for (std::size_t k = first; k < first + count; ++k) {
    const auto& a = std::get<dae::Assignment>(list[k].node);
    call.outputs.push_back({pool.node(a.value).subindex, programIndex_[a.variable]});
  }
  return {std::move(call), origin(head.range)};
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
