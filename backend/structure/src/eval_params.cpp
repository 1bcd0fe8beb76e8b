// The `eval-params` pass: structural parameters replaced by their values.
#include "mocc/structure/eval_params.h"

#include "system_queries.h"

namespace mocc::backend::structure {

std::size_t evaluateStructuralParameters(dae::System& system) {
  detail::CompileTimeValues values(system);
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
  if (count == 0) return 0;
  expr::Pool& pool = system.pool;
  expr::Translator translate(pool, pool, [&](expr::Id id, expr::Translator&) -> expr::Id {
    const expr::Node& node = pool.node(id);
    if (node.op == expr::Op::Variable && replacement[node.index].valid()) {
      return replacement[node.index];
    }
    return {};
  });
  detail::rewriteExpressions(system, translate);
  return count;
}

} // namespace mocc::backend::structure
