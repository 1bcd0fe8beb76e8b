// Queries on dae::System shared by the passes: walking algorithm statements and the variables
// an algorithm section reads.
#include "mocc/dae/system.h"

#include <set>

namespace mocc::dae {

void forEachStatement(const std::vector<AlgorithmStatement>& statements,
                      const std::function<void(const AlgorithmStatement&, bool)>& visit,
                      bool insideWhen) {
  for (const AlgorithmStatement& s : statements) {
    visit(s, insideWhen);
    if (auto* branching = std::get_if<AlgorithmIf>(&s.node)) {
      for (const AlgorithmBranch& branch : branching->branches)
        forEachStatement(branch.body, visit, insideWhen);
      forEachStatement(branching->elseBody, visit, insideWhen);
    } else if (auto* when = std::get_if<AlgorithmWhen>(&s.node)) {
      for (const AlgorithmWhenBranch& branch : when->branches)
        forEachStatement(branch.body, visit, true);
    }
  }
}

std::vector<expr::Id> expressionsOf(const AlgorithmStatement& s) {
  if (auto* a = std::get_if<Assignment>(&s.node)) return {a->value};
  if (auto* r = std::get_if<Reinit>(&s.node)) return {r->value};
  if (auto* a = std::get_if<Assertion>(&s.node)) {
    std::vector<expr::Id> result{a->condition};
    result.insert(result.end(), a->values.begin(), a->values.end());
    return result;
  }
  if (auto* t = std::get_if<Termination>(&s.node)) return t->values;
  if (auto* c = std::get_if<CallForEffects>(&s.node)) return {c->call};
  std::vector<expr::Id> result;
  if (auto* branching = std::get_if<AlgorithmIf>(&s.node)) {
    for (const AlgorithmBranch& branch : branching->branches)
      result.push_back(branch.condition);
  }
  return result;
}

std::vector<std::uint32_t> algorithmInputs(const expr::Pool& pool, const Algorithm& algorithm) {
  std::set<std::uint32_t> reads;
  forEachStatement(algorithm.statements, [&](const AlgorithmStatement& s, bool) {
    for (expr::Id e : expressionsOf(s)) {
      for (std::uint32_t v : expr::variablesOf(pool, e))
        reads.insert(v);
    }
    if (auto* when = std::get_if<AlgorithmWhen>(&s.node)) {
      for (const AlgorithmWhenBranch& branch : when->branches)
        reads.insert(branch.conditions.begin(), branch.conditions.end());
    }
  });
  for (std::uint32_t output : algorithm.outputs)
    reads.erase(output);
  return {reads.begin(), reads.end()};
}

std::vector<std::uint32_t> algorithmPreReads(const expr::Pool& pool, const Algorithm& algorithm) {
  std::set<std::uint32_t> reads;
  forEachStatement(algorithm.statements, [&](const AlgorithmStatement& s, bool) {
    for (expr::Id e : expressionsOf(s)) {
      for (std::uint32_t v : expr::preVariablesOf(pool, e))
        reads.insert(v);
    }
  });
  return {reads.begin(), reads.end()};
}

} // namespace mocc::dae
