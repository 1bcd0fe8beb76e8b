// The `eval-params` pass: structural parameters replaced by their values.
#include "mocc/structure/eval_params.h"

#include "system_queries.h"

#include "mocc/dae/function_partial_evaluation.h"

#include <algorithm>
#include <unordered_map>

namespace mocc::backend::structure {

namespace {

bool isZeroParameter(const dae::System& system, expr::Id id) {
  const expr::Node& node = system.pool.node(id);
  if (node.op != expr::Op::Variable) return false;
  const dae::Variable& v = system.variables[node.index];
  return v.kind == dae::VariableKind::Parameter && v.fixed && v.translationValue &&
         *v.translationValue == 0;
}

bool readsUnknowns(const dae::System& system, expr::Id id) {
  for (std::uint32_t v : expr::variablesOf(system.pool, id))
    if (system.variables[v].kind != dae::VariableKind::Parameter) return true;
  return false;
}

/// Whether a variable is one that matching assigns to an equation: neither a parameter nor a
/// state (states are known there). Terms of states alone never decide the structure: a drag
/// coefficient of 0 in `der(v) = -g - beta*v*abs(v)` stays a parameter that can be overridden.
bool isMatchedUnknown(const dae::Variable& v) {
  return v.kind != dae::VariableKind::Parameter && v.kind != dae::VariableKind::State;
}

bool readsMatchedUnknowns(const dae::System& system, expr::Id id) {
  for (std::uint32_t v : expr::variablesOf(system.pool, id))
    if (isMatchedUnknown(system.variables[v])) return true;
  return false;
}

/// Calls `visit` once for every node of the equations.
template <typename Visit> void forEachNode(const dae::System& system, Visit&& visit) {
  const expr::Pool& pool = system.pool;
  std::vector<bool> visited(pool.size(), false);
  std::vector<expr::Id> stack;
  for (const dae::Equation& e : system.equations) {
    stack = {e.lhs, e.rhs};
    while (!stack.empty()) {
      expr::Id id = stack.back();
      stack.pop_back();
      if (visited[id.value]) continue;
      visited[id.value] = true;
      visit(id);
      for (expr::Id arg : pool.args(id))
        stack.push_back(arg);
    }
  }
}

/// Marks the zero-valued parameters that multiply unknowns other than states in an equation as
/// structural.
void markZeroFactors(dae::System& system) {
  const expr::Pool& pool = system.pool;
  forEachNode(system, [&](expr::Id id) {
    if (pool.node(id).op != expr::Op::Mul) return;
    expr::Id a = pool.arg(id, 0), b = pool.arg(id, 1);
    for (auto [factor, other] : {std::pair{a, b}, std::pair{b, a}}) {
      if (isZeroParameter(system, factor) && readsMatchedUnknowns(system, other))
        system.variables[pool.node(factor).index].structural = true;
    }
  });
}

/// The unknowns other than states an expression reads, sorted.
std::vector<std::uint32_t> matchedUnknownsOf(const dae::System& system, expr::Id id) {
  std::vector<std::uint32_t> unknowns;
  for (std::uint32_t v : expr::variablesOf(system.pool, id))
    if (isMatchedUnknown(system.variables[v])) unknowns.push_back(v);
  std::sort(unknowns.begin(), unknowns.end());
  return unknowns;
}

/// Marks the parameters of an if-expression's condition as structural when its branches read
/// different unknowns other than states: `v = if quasiStatic then 0 else L*der(i)` (the MSL's
/// InductorDC) has a state only in one branch, so the condition's value decides the structure and
/// is evaluated during translation, as the parameter conditions of if-equations are (MLS 8.3.4).
void markStructuralConditions(dae::System& system) {
  const expr::Pool& pool = system.pool;
  forEachNode(system, [&](expr::Id id) {
    if (pool.node(id).op != expr::Op::If) return;
    expr::Id condition = pool.arg(id, 0);
    if (readsUnknowns(system, condition) || expr::dependsOnTime(pool, condition)) return;
    if (matchedUnknownsOf(system, pool.arg(id, 1)) == matchedUnknownsOf(system, pool.arg(id, 2)))
      return;
    for (std::uint32_t v : expr::variablesOf(pool, condition))
      system.variables[v].structural = true;
  });
}

/// Makes structural every parameter bound to an expression of structural parameters only (a
/// transistor's `final Cjc = CapVal` with CapVal evaluated, MLS 18.3): its value is as fixed
/// as theirs. A literal binding (`a = 0`) reads none and leaves the parameter free.
void propagateToBoundParameters(dae::System& system) {
  auto boundToStructural = [&](const dae::Variable& v) {
    if (v.kind != dae::VariableKind::Parameter || v.structural || !v.fixed || !v.binding.valid())
      return false;
    std::vector<std::uint32_t> read = expr::variablesOf(system.pool, v.binding);
    return !read.empty() && std::all_of(read.begin(), read.end(), [&](std::uint32_t r) {
      return system.variables[r].kind == dae::VariableKind::Parameter &&
             system.variables[r].structural;
    });
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (dae::Variable& v : system.variables)
      if (boundToStructural(v)) v.structural = changed = true;
  }
}

/// Calls whose output element their body fixes although some of their arguments are unknowns
/// (dae::partialCallValue), with that value: a Spice3 transistor's junction capacitance that
/// its model card makes zero at every voltage. The parameters among the arguments are made
/// structural, since the value rests on them.
std::unordered_map<std::uint32_t, double> constantCalls(dae::System& system,
                                                        detail::CompileTimeValues& values) {
  std::unordered_map<std::uint32_t, double> constant;
  const expr::Pool& pool = system.pool;
  forEachNode(system, [&](expr::Id id) {
    const expr::Node& node = pool.node(id);
    if (node.op != expr::Op::FunctionCall) return;
    std::vector<std::optional<double>> inputs;
    std::vector<expr::Id> parameterArguments;
    for (expr::Id arg : pool.args(id)) {
      bool known = values.isParameterExpression(arg);
      inputs.push_back(known ? values.evaluate(arg) : std::nullopt);
      if (known) parameterArguments.push_back(arg);
    }
    // Only parameters: computed with the parameters.
    if (parameterArguments.size() == inputs.size()) return;
    auto value = dae::partialCallValue(system, node.index, node.subindex, inputs);
    if (!value) return;
    constant.emplace(id.value, *value);
    for (expr::Id arg : parameterArguments)
      for (std::uint32_t v : expr::variablesOf(pool, arg))
        system.variables[v].structural = true;
  });
  return constant;
}

} // namespace

std::size_t evaluateStructuralParameters(dae::System& system) {
  markZeroFactors(system);
  markStructuralConditions(system);
  propagateToBoundParameters(system);
  detail::CompileTimeValues values(system);
  std::unordered_map<std::uint32_t, double> calls = constantCalls(system, values);
  std::vector<expr::Id> replacement(system.variables.size());
  std::size_t count = 0;
  for (std::uint32_t v = 0; v < system.variables.size(); ++v) {
    const dae::Variable& variable = system.variables[v];
    if (variable.kind != dae::VariableKind::Parameter || !variable.structural) continue;
    if (auto value = values.parameter(v)) {
      replacement[v] = system.pool.constant(variable.type, *value);
      ++count;
    }
  }
  if (count == 0 && calls.empty()) return 0;
  expr::Pool& pool = system.pool;
  expr::Translator translate(pool, pool, [&](expr::Id id, expr::Translator&) -> expr::Id {
    const expr::Node& node = pool.node(id);
    if (node.op == expr::Op::Variable && replacement[node.index].valid()) {
      return replacement[node.index];
    }
    if (auto call = calls.find(id.value); call != calls.end()) {
      return pool.constant(node.type, call->second);
    }
    return {};
  });
  detail::rewriteExpressions(system, translate);
  return count;
}

} // namespace mocc::backend::structure
