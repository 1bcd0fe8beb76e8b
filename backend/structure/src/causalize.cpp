// Causalisation: matching, BLT (Tarjan), explicit solutions and torn algebraic loops.
#include "causalize.h"

#include "mocc/expr/evaluate.h"
#include "mocc/expr/solve.h"
#include "mocc/structure/tearing.h"
#include "system_queries.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace mocc::backend::structure::detail {

Causalizer::Causalizer(dae::System& system, const CausalProblem& problem, Diagnostics& diagnostics)
    : system_(system), problem_(problem), diagnostics_(diagnostics),
      column_(system.variables.size(), kUnmatched), blockOf_(system.variables.size(), -1) {
  for (std::size_t c = 0; c < problem.unknowns.size(); ++c)
    column_[problem.unknowns[c]] = static_cast<std::int32_t>(c);
  for (std::size_t b = 0; b < problem.blocks.size(); ++b) {
    for (std::uint32_t v : problem.blocks[b].outputs)
      blockOf_[v] = static_cast<std::int32_t>(problem.equations.size() + b);
  }
  reads_.reserve(problem.equations.size());
  for (const dae::Equation& e : problem.equations)
    reads_.push_back(equationReads(system, e));
}

bool Causalizer::match() {
  BipartiteGraph graph(problem_.equations.size());
  for (std::size_t e = 0; e < graph.size(); ++e) {
    for (std::uint32_t v : reads_[e])
      if (column_[v] != kUnmatched) graph[e].push_back(column_[v]);
  }
  matching_ = maximumMatching(graph, problem_.unknowns.size());
  return matching_.size == graph.size() && matching_.size == problem_.unknowns.size();
}

std::uint32_t Causalizer::variableOf(std::size_t equation) const {
  return problem_.unknowns[matching_.variableOfEquation[equation]];
}

// Node n depends on the nodes computing what it reads: equations first, then blocks.
std::vector<std::vector<std::int32_t>> Causalizer::dependencies() {
  std::size_t equations = problem_.equations.size();
  std::vector<std::int32_t> definer = blockOf_;
  for (std::size_t e = 0; e < equations; ++e)
    definer[variableOf(e)] = static_cast<std::int32_t>(e);
  std::vector<std::vector<std::int32_t>> successors(equations + problem_.blocks.size());
  for (std::size_t n = 0; n < successors.size(); ++n) {
    const auto& reads = n < equations ? reads_[n] : problem_.blocks[n - equations].reads;
    for (std::uint32_t v : reads) {
      if (definer[v] >= 0 && definer[v] != static_cast<std::int32_t>(n))
        successors[n].push_back(definer[v]);
    }
    std::sort(successors[n].begin(), successors[n].end());
    successors[n].erase(std::unique(successors[n].begin(), successors[n].end()),
                        successors[n].end());
  }
  return successors;
}

std::optional<std::vector<Step>> Causalizer::order() {
  loopIndex_.assign(system_.variables.size(), kUnmatched);
  std::vector<Step> steps;
  bool ok = true;
  for (const auto& nodes : stronglyConnectedComponents(dependencies())) {
    auto step = component(nodes);
    if (step)
      steps.push_back(std::move(*step));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return steps;
}

std::optional<Step> Causalizer::component(const std::vector<std::int32_t>& nodes) {
  std::size_t equations = problem_.equations.size();
  bool hasBlock = std::any_of(nodes.begin(), nodes.end(), [&](std::int32_t n) {
    return static_cast<std::size_t>(n) >= equations;
  });
  if (nodes.size() == 1 && hasBlock) {
    const Block& block = problem_.blocks[nodes[0] - equations];
    Step step;
    step.kind = block.kind;
    step.source = block.source;
    return step;
  }
  if (hasBlock) {
    reportLoopThroughBlock(nodes);
    return std::nullopt;
  }
  if (nodes.size() == 1) return single(static_cast<std::uint32_t>(nodes[0]));
  return loop(nodes);
}

// ------------------------------------------------------------------ single equations

std::optional<expr::Id> Causalizer::solveExplicitly(std::uint32_t e, std::uint32_t v,
                                                    bool insideLoop) {
  const dae::Equation& equation = problem_.equations[e];
  expr::Pool& pool = system_.pool;
  expr::Id unknown = system_.ref(v);
  auto mentions = [&](expr::Id side) {
    return expr::dependsOn(pool, side, [v](std::uint32_t u) { return u == v; });
  };
  const dae::Variable& variable = system_.variables[v];
  auto typed = [&](expr::Id value) -> std::optional<expr::Id> {
    if (variable.type != expr::Type::Real && pool.type(value) == expr::Type::Real)
      return std::nullopt;
    return value;
  };
  if (equation.lhs == unknown && !mentions(equation.rhs)) return typed(equation.rhs);
  if (equation.rhs == unknown && !mentions(equation.lhs)) return typed(equation.lhs);
  if (variable.type != expr::Type::Real) return std::nullopt;
  if (!insideLoop) return expr::solveFor(pool, equation.lhs, equation.rhs, unknown);
  auto form = expr::linearForm(pool, pool.sub(equation.lhs, equation.rhs), unknown);
  if (!form || !isSafeCoefficient(form->coefficient)) return std::nullopt;
  return expr::solveFor(pool, equation.lhs, equation.rhs, unknown);
}

// Inside a loop an equation is solved for a variable only when its coefficient cannot
// vanish while Newton's method iterates or between events: constants other than 0 and
// expressions of fixed parameters, where frozen relations count as constants. A coefficient
// reading another variable (a loop variable, a dummy state such as the pendulum's y, a state
// set's selection) could pass through zero: that equation becomes a residual instead. So does
// one that is zero at the parameters' translation values (a Spice MOSFET's source resistance
// of 0 in `i * R = v - vInternal`).
// Between events a frozen relation is a constant, but a different one in each mode: the
// coefficient `if s < -1 then 1 else if s > 1 then 1 else 0` of the MSL's
// IdealOpAmpLimited vanishes in the middle mode, so every branch of an if-expression counts.
bool Causalizer::isSafeCoefficient(expr::Id coefficient) const {
  return readsOnlyFixedParameters(coefficient) && !mayVanish(coefficient);
}

bool Causalizer::mayVanish(expr::Id coefficient) const {
  const expr::Pool& pool = system_.pool;
  const expr::Node& node = pool.node(coefficient);
  switch (node.op) {
  case expr::Op::If:
    return mayVanish(pool.arg(coefficient, 1)) || mayVanish(pool.arg(coefficient, 2));
  case expr::Op::Mul:
    return mayVanish(pool.arg(coefficient, 0)) || mayVanish(pool.arg(coefficient, 1));
  case expr::Op::Div:
  case expr::Op::Neg: return mayVanish(pool.arg(coefficient, 0));
  default: break;
  }
  expr::Values values;
  values.variable = [&](std::uint32_t v) { return system_.variables[v].translationValue; };
  std::optional<double> value = expr::evaluate(pool, coefficient, values);
  return value && *value == 0;
}

bool Causalizer::readsOnlyFixedParameters(expr::Id coefficient) const {
  const expr::Pool& pool = system_.pool;
  if (pool.isConstant(coefficient)) return pool.constantValue(coefficient) != 0;
  std::vector<expr::Id> stack{coefficient};
  while (!stack.empty()) {
    expr::Id id = stack.back();
    stack.pop_back();
    const expr::Node& node = pool.node(id);
    if (node.op == expr::Op::Relation) continue;
    if (node.op == expr::Op::Time || node.op == expr::Op::Pre) return false;
    if (node.op == expr::Op::Variable) {
      const dae::Variable& v = system_.variables[node.index];
      if (v.kind != dae::VariableKind::Parameter || !v.fixed) return false;
    }
    for (expr::Id arg : pool.args(id))
      stack.push_back(arg);
  }
  return true;
}

std::optional<Step> Causalizer::single(std::uint32_t e) {
  std::uint32_t v = variableOf(e);
  if (auto value = solveExplicitly(e, v, false)) {
    Step step;
    step.variable = v;
    step.value = *value;
    step.source = e;
    return step;
  }
  if (system_.variables[v].type == expr::Type::Real) return system({v}, {}, {e}, {e});
  reportUnsolvable(e, v);
  return std::nullopt;
}

void Causalizer::reportUnsolvable(std::uint32_t e, std::uint32_t v) {
  const dae::Equation& equation = problem_.equations[e];
  const dae::Variable& variable = system_.variables[v];
  expr::Id unknown = system_.ref(v);
  expr::Id other = equation.lhs == unknown ? equation.rhs : equation.lhs;
  bool lone = equation.lhs == unknown || equation.rhs == unknown;
  bool readsItself = expr::dependsOn(system_.pool, other, [v](std::uint32_t u) { return u == v; });
  const char* type = variable.type == expr::Type::Integer   ? "Integer"
                     : variable.type == expr::Type::Boolean ? "Boolean"
                                                            : "String";
  if (lone && !readsItself) {
    diagnostics_.error(DiagnosticKind::TypeMismatch, equation.range,
                       std::string(type) + " variable '" + variable.name +
                           "' cannot be computed from a Real expression; convert it with "
                           "integer(...) (MLS 10.6.13)");
    return;
  }
  diagnostics_.error(DiagnosticKind::NotSolvable, equation.range,
                     "cannot solve this equation for " + std::string(type) + " variable '" +
                         variable.name + "': it must have the form '" + variable.name +
                         " = expression' with an expression that does not read '" + variable.name +
                         "' (write pre(" + variable.name + ") for its value before the event)");
}

// --------------------------------------------------------------------------- loops

std::optional<Step> Causalizer::loop(const std::vector<std::int32_t>& nodes) {
  std::size_t n = nodes.size();
  std::vector<std::uint32_t> variables(n);
  for (std::size_t k = 0; k < n; ++k) {
    variables[k] = variableOf(nodes[k]);
    loopIndex_[variables[k]] = static_cast<std::int32_t>(k);
  }
  TearingProblem problem;
  problem.incidence.resize(n);
  problem.solvable.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    auto e = static_cast<std::uint32_t>(nodes[k]);
    for (std::uint32_t v : reads_[e]) {
      std::int32_t j = loopIndex_[v];
      if (j == kUnmatched) continue;
      problem.incidence[k].push_back(j);
      if (solveExplicitly(e, v, true)) problem.solvable[k].push_back(j);
    }
  }
  for (std::uint32_t v : variables)
    problem.iterable.push_back(system_.variables[v].type == expr::Type::Real);
  Tearing torn = tear(problem);
  std::optional<Step> result;
  if (torn.ok) {
    std::vector<Step> inner;
    for (auto [k, j] : torn.inner) {
      Step step;
      step.variable = variables[j];
      step.value = *solveExplicitly(static_cast<std::uint32_t>(nodes[k]), variables[j], true);
      step.source = static_cast<std::uint32_t>(nodes[k]);
      inner.push_back(step);
    }
    std::vector<std::uint32_t> iteration, residuals, equations;
    for (std::int32_t j : torn.iteration)
      iteration.push_back(variables[j]);
    for (std::int32_t k : torn.residuals)
      residuals.push_back(static_cast<std::uint32_t>(nodes[k]));
    for (std::int32_t node : nodes)
      equations.push_back(static_cast<std::uint32_t>(node));
    result =
        system(std::move(iteration), std::move(inner), std::move(residuals), std::move(equations));
  }
  for (std::uint32_t v : variables)
    loopIndex_[v] = kUnmatched;
  if (!torn.ok || !result) {
    reportUntearable(nodes, variables);
    return std::nullopt;
  }
  return result;
}

Step Causalizer::system(std::vector<std::uint32_t> iteration, std::vector<Step> inner,
                        std::vector<std::uint32_t> residualEquations,
                        std::vector<std::uint32_t> equations) {
  Step step;
  step.kind = Step::Kind::System;
  for (std::uint32_t e : residualEquations) {
    const dae::Equation& equation = problem_.equations[e];
    step.residuals.push_back(system_.pool.sub(equation.lhs, equation.rhs));
  }
  step.iteration = std::move(iteration);
  step.inner = std::move(inner);
  std::sort(equations.begin(), equations.end());
  step.source = equations.front();
  step.equations = std::move(equations);
  step.jacobian = loopJacobian(system_, step.iteration, step.inner, step.residuals);
  step.linear = isAffineLoop(system_, step.iteration, step.inner, step.residuals);
  return step;
}

// --------------------------------------------------------------------- diagnostics

void Causalizer::reportLoopThroughBlock(const std::vector<std::int32_t>& nodes) {
  std::size_t equations = problem_.equations.size();
  std::vector<std::string> names;
  for (std::int32_t node : nodes) {
    auto n = static_cast<std::size_t>(node);
    if (n < equations) {
      names.push_back(system_.variables[variableOf(n)].name);
    } else {
      for (std::uint32_t v : problem_.blocks[n - equations].outputs)
        names.push_back(system_.variables[v].name);
    }
  }
  std::string list;
  for (const std::string& name : names)
    list += (list.empty() ? "" : ", ") + name;
  auto& d = diagnostics_.error(
      DiagnosticKind::AlgebraicLoop, system_.range,
      fmt::format("algebraic loop through a when-clause or an algorithm section: {} blocks must "
                  "be solved together for {} (loops through when-clauses and algorithm sections "
                  "are not supported)",
                  nodes.size(), list));
  for (std::int32_t node : nodes) {
    auto n = static_cast<std::size_t>(node);
    SourceRange range =
        n < equations ? problem_.equations[n].range : problem_.blocks[n - equations].range;
    d.notes.push_back({range, "part of the loop"});
    if (n >= equations && problem_.blocks[n - equations].kind == Step::Kind::When)
      whenClausesInLoops_.push_back(problem_.blocks[n - equations].source);
  }
}

void Causalizer::reportUntearable(const std::vector<std::int32_t>& nodes,
                                  const std::vector<std::uint32_t>& variables) {
  std::string list;
  for (std::uint32_t v : variables)
    list += (list.empty() ? "" : ", ") + system_.variables[v].name;
  auto& d = diagnostics_.error(
      DiagnosticKind::AlgebraicLoop, system_.range,
      fmt::format(
          "cannot solve the algebraic loop for {}: its Boolean, Integer and String variables "
          "must each have an equation 'v = expression' that computes them from the others",
          list));
  for (std::int32_t node : nodes)
    d.notes.push_back({problem_.equations[node].range, "part of the loop"});
}

} // namespace mocc::backend::structure::detail
