// Shared queries on dae::System for the structural passes.
#include "system_queries.h"

#include "mocc/expr/evaluate.h"

#include "mocc/dae/function_derivatives.h"

#include <algorithm>
#include <functional>

namespace mocc::backend::structure::detail {

CompileTimeValues::CompileTimeValues(const dae::System& system)
    : system_(system), parameters_(system.variables.size()),
      evaluated_(system.variables.size(), false), evaluating_(system.variables.size(), false) {}

std::optional<double> CompileTimeValues::parameter(std::uint32_t v) {
  const dae::Variable& variable = system_.variables[v];
  if (variable.kind != dae::VariableKind::Parameter || !variable.fixed ||
      !variable.binding.valid() || evaluating_[v]) {
    return std::nullopt;
  }
  if (!evaluated_[v]) {
    evaluating_[v] = true; // a cycle of bindings evaluates to nothing
    // A binding of user-function calls is evaluated by translation only.
    parameters_[v] = evaluate(variable.binding);
    if (!parameters_[v]) parameters_[v] = variable.translationValue;
    evaluating_[v] = false;
    evaluated_[v] = true;
  }
  return parameters_[v];
}

std::optional<double> CompileTimeValues::evaluate(expr::Id e) {
  expr::Values values;
  values.variable = [this](std::uint32_t v) { return parameter(v); };
  return expr::evaluate(system_.pool, e, values);
}

std::optional<double> CompileTimeValues::start(std::uint32_t v) {
  const dae::Variable& variable = system_.variables[v];
  if (variable.kind == dae::VariableKind::Parameter) return parameter(v);
  if (!variable.start.valid()) return std::nullopt;
  return evaluate(variable.start);
}

bool CompileTimeValues::isParameterExpression(expr::Id e) const {
  bool onlyParameters = true;
  for (std::uint32_t v : expr::variablesOf(system_.pool, e)) {
    const dae::Variable& variable = system_.variables[v];
    onlyParameters =
        onlyParameters && variable.kind == dae::VariableKind::Parameter && variable.fixed;
  }
  return onlyParameters && !expr::dependsOnTime(system_.pool, e);
}

// A call reads the arguments its output element depends on (dae::callInputsRead), so that a
// function that passes one input on does not tie the equation to the others.
std::vector<std::uint32_t> equationReads(const dae::System& system, const dae::Equation& equation) {
  const expr::Pool& pool = system.pool;
  std::vector<std::uint32_t> reads;
  std::function<bool(expr::Id)> visit = [&](expr::Id node) {
    const expr::Node& n = pool.node(node);
    if (n.op == expr::Op::Variable) reads.push_back(n.index);
    if (n.op != expr::Op::FunctionCall) return true;
    std::vector<bool> used = dae::callInputsRead(system, n.index, n.subindex);
    auto args = pool.args(node);
    for (std::size_t i = 0; i < args.size(); ++i)
      if (i >= used.size() || used[i]) expr::visitNodes(pool, args[i], visit);
    return false;
  };
  expr::visitNodes(pool, equation.lhs, visit);
  expr::visitNodes(pool, equation.rhs, visit);
  std::sort(reads.begin(), reads.end());
  reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
  return reads;
}

std::vector<std::vector<std::uint32_t>> noDerivativeReads(const dae::System& system,
                                                          const dae::Equation& equation) {
  const expr::Pool& pool = system.pool;
  std::vector<std::vector<std::uint32_t>> reads;
  auto visit = [&](expr::Id node) {
    const expr::Node& n = pool.node(node);
    if (n.op != expr::Op::FunctionCall || n.index >= system.functions.size()) return true;
    auto args = pool.args(node);
    const dae::Function& f = system.functions[n.index];
    if (f.derivative == dae::kNone || f.differentiatedInputs.size() != args.size()) return true;
    // Follow the chain f, f_der, f_der2, ...: each takes f's inputs first (MLS 12.7.1), and
    // its output element is the derivative of f's.
    auto derivativeOf = dae::functionDerivatives(system);
    std::uint32_t function = n.index, output = n.subindex;
    for (std::size_t order = 1; order <= system.functions.size(); ++order) {
      auto derivative = derivativeOf(function, output);
      if (!derivative) break;
      function = derivative->function;
      output = derivative->output;
      std::vector<bool> used = dae::callInputsRead(system, function, output);
      if (reads.size() < order) reads.resize(order);
      for (std::size_t k = 0; k < args.size() && k < used.size(); ++k) {
        if (!used[k] || f.differentiatedInputs[k]) continue;
        auto more = expr::variablesOf(pool, args[k]);
        reads[order - 1].insert(reads[order - 1].end(), more.begin(), more.end());
      }
    }
    return true;
  };
  expr::visitNodes(pool, equation.lhs, visit);
  expr::visitNodes(pool, equation.rhs, visit);
  for (auto& order : reads) {
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
  }
  return reads;
}

std::vector<BlockAssignment> blockAssignments(const dae::System& system) {
  std::vector<BlockAssignment> result(system.variables.size());
  for (std::uint32_t w = 0; w < system.whens.size(); ++w) {
    for (std::uint32_t v : system.whens[w].assigned)
      result[v] = {BlockAssignment::Kind::When, w};
  }
  for (std::uint32_t a = 0; a < system.algorithms.size(); ++a) {
    for (std::uint32_t v : system.algorithms[a].outputs)
      result[v] = {BlockAssignment::Kind::Algorithm, a};
  }
  return result;
}

std::vector<bool> reinitTargets(const dae::System& system) {
  std::vector<bool> targets(system.variables.size(), false);
  for (const dae::WhenClause& clause : system.whens) {
    for (const dae::WhenBranch& branch : clause.branches) {
      for (const dae::WhenStatement& s : branch.body)
        if (auto* r = std::get_if<dae::Reinit>(&s)) targets[r->state] = true;
    }
  }
  for (const dae::Algorithm& algorithm : system.algorithms) {
    dae::forEachStatement(algorithm.statements, [&](const dae::AlgorithmStatement& s, bool) {
      if (auto* r = std::get_if<dae::Reinit>(&s.node)) targets[r->state] = true;
    });
  }
  return targets;
}

std::vector<bool> initialAlgorithmOutputs(const dae::System& system) {
  std::vector<bool> outputs(system.variables.size(), false);
  for (const dae::Algorithm& algorithm : system.initialAlgorithms)
    for (std::uint32_t v : algorithm.outputs)
      outputs[v] = true;
  return outputs;
}

namespace {

void rewriteAll(std::vector<expr::Id>& values, expr::Translator& translate) {
  for (expr::Id& value : values)
    value = translate(value);
}

void rewriteAssertion(dae::Assertion& a, expr::Translator& translate) {
  a.condition = translate(a.condition);
  rewriteAll(a.values, translate);
}

void rewriteWhenStatement(dae::WhenStatement& s, expr::Translator& translate) {
  if (auto* a = std::get_if<dae::Assignment>(&s)) a->value = translate(a->value);
  if (auto* r = std::get_if<dae::Reinit>(&s)) r->value = translate(r->value);
  if (auto* a = std::get_if<dae::Assertion>(&s)) rewriteAssertion(*a, translate);
  if (auto* t = std::get_if<dae::Termination>(&s)) rewriteAll(t->values, translate);
}

void rewriteStatements(std::vector<dae::AlgorithmStatement>& list, expr::Translator& translate) {
  for (dae::AlgorithmStatement& s : list) {
    if (auto* a = std::get_if<dae::Assignment>(&s.node)) a->value = translate(a->value);
    if (auto* r = std::get_if<dae::Reinit>(&s.node)) r->value = translate(r->value);
    if (auto* a = std::get_if<dae::Assertion>(&s.node)) rewriteAssertion(*a, translate);
    if (auto* t = std::get_if<dae::Termination>(&s.node)) rewriteAll(t->values, translate);
    if (auto* c = std::get_if<dae::CallForEffects>(&s.node)) c->call = translate(c->call);
    if (auto* branching = std::get_if<dae::AlgorithmIf>(&s.node)) {
      for (dae::AlgorithmBranch& branch : branching->branches) {
        branch.condition = translate(branch.condition);
        rewriteStatements(branch.body, translate);
      }
      rewriteStatements(branching->elseBody, translate);
    }
    if (auto* when = std::get_if<dae::AlgorithmWhen>(&s.node)) {
      for (dae::AlgorithmWhenBranch& branch : when->branches)
        rewriteStatements(branch.body, translate);
    }
  }
}

expr::Id rewriteValid(expr::Id id, expr::Translator& translate) {
  return id.valid() ? translate(id) : id;
}

} // namespace

void rewriteExpressions(dae::System& system, expr::Translator& translate) {
  for (auto* list : {&system.equations, &system.initialEquations}) {
    for (dae::Equation& e : *list) {
      e.lhs = translate(e.lhs);
      e.rhs = translate(e.rhs);
    }
  }
  for (dae::WhenClause& clause : system.whens) {
    for (dae::WhenBranch& branch : clause.branches) {
      for (dae::WhenStatement& s : branch.body)
        rewriteWhenStatement(s, translate);
    }
  }
  for (dae::Assertion& a : system.assertions)
    rewriteAssertion(a, translate);
  for (auto* list : {&system.algorithms, &system.initialAlgorithms}) {
    for (dae::Algorithm& algorithm : *list)
      rewriteStatements(algorithm.statements, translate);
  }
  for (dae::Relation& r : system.relations) {
    r.comparison = translate(r.comparison);
    r.threshold = rewriteValid(r.threshold, translate);
  }
  for (dae::Variable& v : system.variables) {
    for (expr::Id* attribute : {&v.binding, &v.start, &v.nominal, &v.min, &v.max, &v.alias})
      *attribute = rewriteValid(*attribute, translate);
  }
}

} // namespace mocc::backend::structure::detail
