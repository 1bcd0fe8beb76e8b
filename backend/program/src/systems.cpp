// Steps of a schedule into statements, and algebraic loops (structure::Step::Kind::System)
// into sim::AlgebraicSystems with a Solve statement where the loop's values are needed. A
// loop's inner steps may themselves hold loops: those become systems of their own, solved
// inside the outer loop's residual.
#include "program_builder.h"

#include <fmt/format.h>

namespace mocc::backend::program {

void forEachExpression(const sim::Program& program, const std::vector<sim::Statement>& statements,
                       const StatementExpressions& visit) {
  auto expression = [&](expr::Id id) {
    if (id.valid()) visit.expression(id);
  };
  for (const sim::Statement& statement : statements)
    std::visit(
        [&](const auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, sim::Assign> || std::is_same_v<T, sim::AssignPre> ||
                        std::is_same_v<T, sim::Reinit>) {
            expression(node.value);
          } else if constexpr (std::is_same_v<T, sim::Call>) {
            expression(node.call);
          } else if constexpr (std::is_same_v<T, sim::Assert>) {
            expression(node.condition);
            for (expr::Id value : node.values)
              expression(value);
          } else if constexpr (std::is_same_v<T, sim::Terminate>) {
            for (expr::Id value : node.values)
              expression(value);
          } else if constexpr (std::is_same_v<T, sim::When>) {
            for (const sim::WhenBranch& branch : node.branches) {
              if (visit.whenConditions) visit.whenConditions(branch.conditions);
              forEachExpression(program, branch.body, visit);
            }
          } else if constexpr (std::is_same_v<T, sim::If>) {
            for (const sim::IfBranch& branch : node.branches) {
              expression(branch.condition);
              forEachExpression(program, branch.body, visit);
            }
            forEachExpression(program, node.elseBody, visit);
          } else if constexpr (std::is_same_v<T, sim::Solve>) {
            const sim::AlgebraicSystem& system = program.systems[node.system];
            forEachExpression(program, system.inner, visit);
            for (expr::Id r : system.residuals)
              expression(r);
            for (expr::Id j : system.jacobian)
              expression(j);
          }
        },
        statement.node);
}

std::set<std::uint32_t> statementReads(const sim::Program& program,
                                       const std::vector<sim::Statement>& statements) {
  std::set<std::uint32_t> reads;
  forEachExpression(program, statements,
                    {[&](expr::Id id) {
                       for (std::uint32_t v : expr::variablesOf(program.pool, id))
                         reads.insert(v);
                     },
                     [&](const std::vector<std::uint32_t>& conditions) {
                       reads.insert(conditions.begin(), conditions.end());
                     }});
  return reads;
}

std::vector<sim::Statement> ProgramBuilder::stepStatements(const structure::Step& step,
                                                           StepContext context) {
  switch (step.kind) {
  case structure::Step::Kind::When:
    if (context.initial) return initialWhen(system_.whens[step.source]);
    return {when(system_.whens[step.source])};
  case structure::Step::Kind::Algorithm:
    if (context.initial)
      return algorithm(system_.algorithms[step.source], schedule_.initialization.solvedWhenOutputs);
    return algorithm(system_.algorithms[step.source]);
  case structure::Step::Kind::InitialAlgorithm:
    return algorithm(system_.initialAlgorithms[step.source]);
  case structure::Step::Kind::System: return {solveStatement(step, context)};
  case structure::Step::Kind::Assign: break;
  }
  return {{sim::Assign{programIndex_[step.variable], translator_(step.value)},
           origin(context.equations[step.source].range)}};
}

std::vector<std::uint32_t> ProgramBuilder::stepOutputs(const structure::Step& step) const {
  std::vector<std::uint32_t> outputs;
  switch (step.kind) {
  case structure::Step::Kind::Assign: outputs.push_back(programIndex_[step.variable]); break;
  case structure::Step::Kind::When:
    for (std::uint32_t v : system_.whens[step.source].assigned)
      outputs.push_back(programIndex_[v]);
    break;
  case structure::Step::Kind::Algorithm:
    for (std::uint32_t v : system_.algorithms[step.source].outputs)
      outputs.push_back(programIndex_[v]);
    break;
  case structure::Step::Kind::InitialAlgorithm:
    for (std::uint32_t v : system_.initialAlgorithms[step.source].outputs)
      outputs.push_back(programIndex_[v]);
    break;
  case structure::Step::Kind::System:
    for (std::uint32_t v : step.iteration)
      outputs.push_back(programIndex_[v]);
    for (const structure::Step& inner : step.inner) {
      std::vector<std::uint32_t> more = stepOutputs(inner);
      outputs.insert(outputs.end(), more.begin(), more.end());
    }
    break;
  }
  return outputs;
}

std::string ProgramBuilder::systemDescription(const structure::Step& step,
                                              StepContext context) const {
  std::string where;
  if (!step.equations.empty()) where = origin(context.equations[step.equations.front()].range);
  std::size_t equations = step.equations.empty() ? step.residuals.size() : step.equations.size();
  std::string text = fmt::format("{} system of {} equation{}", step.linear ? "linear" : "nonlinear",
                                 equations, equations == 1 ? "" : "s");
  if (!where.empty()) text += " at " + where;
  if (step.iteration.size() < equations)
    text += fmt::format(", torn to {} iteration variable{}", step.iteration.size(),
                        step.iteration.size() == 1 ? "" : "s");
  return text;
}

namespace {

// min, max and abs switch their slope without events (MLS 3.7.1 expands abs into noEvent;
// min and max of Reals are continuous): the Tellinen hysteresis of the MSL's FluxTubes bounds
// its loop's gain by max(0.01, ...).
bool kinkedBuiltin(const expr::Pool& pool, expr::Id id) {
  if (pool.op(id) != expr::Op::Call) return false;
  auto builtin = static_cast<expr::Builtin>(pool.node(id).index);
  return builtin == expr::Builtin::Min || builtin == expr::Builtin::Max ||
         builtin == expr::Builtin::Abs;
}

} // namespace

bool ProgramBuilder::changesSlopeWithoutEvents(const sim::AlgebraicSystem& loop) const {
  // A comparison outside every Relation node is evaluated literally, without events.
  bool found = false;
  auto visit = [&](expr::Id root) {
    if (!root.valid()) return;
    expr::visitNodes(program_.pool, root, [&](expr::Id id) {
      expr::Op op = program_.pool.op(id);
      found = found || expr::isComparison(op) || kinkedBuiltin(program_.pool, id);
      return !found && op != expr::Op::Relation;
    });
  };
  for (expr::Id residual : loop.residuals)
    visit(residual);
  forEachExpression(program_, loop.inner, StatementExpressions{visit});
  return found;
}

sim::Statement ProgramBuilder::solveStatement(const structure::Step& step, StepContext context) {
  sim::AlgebraicSystem loop;
  loop.description = systemDescription(step, context);
  loop.linear = step.linear;
  for (std::uint32_t v : step.iteration)
    loop.unknowns.push_back(programIndex_[v]);
  for (const structure::Step& inner : step.inner) {
    std::vector<sim::Statement> code = stepStatements(inner, context);
    loop.inner.insert(loop.inner.end(), code.begin(), code.end());
  }
  for (expr::Id r : step.residuals)
    loop.residuals.push_back(translator_(r));
  // A Jacobian of the wrong shape is no Jacobian: the runtime falls back to differences.
  if (step.jacobian.size() == step.iteration.size() * step.iteration.size()) {
    for (expr::Id j : step.jacobian)
      loop.jacobian.push_back(j.valid() ? translator_(j) : expr::Id{});
  }
  for (std::uint32_t e : step.equations)
    loop.origins.push_back(origin(context.equations[e].range));
  loop.kinked = changesSlopeWithoutEvents(loop);
  std::string where = loop.origins.empty() ? std::string() : loop.origins.front();
  auto number = static_cast<std::uint32_t>(program_.systems.size());
  program_.systems.push_back(std::move(loop));
  return {sim::Solve{number}, where};
}

} // namespace mocc::backend::program
