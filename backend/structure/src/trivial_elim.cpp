// The `trivial-elim` pass: equations that fold to 0 = 0 removed, contradictions reported,
// states whose derivative folded away made algebraic.
#include "mocc/structure/trivial_elim.h"

#include "system_queries.h"

#include <fmt/format.h>

namespace mocc::backend::structure {

namespace {

enum class Verdict : std::uint8_t { Keep, AlwaysTrue, NeverTrue };

Verdict judge(const expr::Pool& pool, const dae::Equation& e) {
  if (e.lhs == e.rhs) return Verdict::AlwaysTrue;
  if (pool.isConstant(e.lhs) && pool.isConstant(e.rhs)) {
    return pool.constantValue(e.lhs) == pool.constantValue(e.rhs) ? Verdict::AlwaysTrue
                                                                  : Verdict::NeverTrue;
  }
  return Verdict::Keep;
}

bool filter(dae::System& system, std::vector<dae::Equation>& equations, const char* what,
            Diagnostics& diagnostics) {
  bool ok = true;
  std::vector<dae::Equation> kept;
  for (const dae::Equation& e : equations) {
    Verdict verdict = judge(system.pool, e);
    if (verdict == Verdict::Keep) kept.push_back(e);
    if (verdict != Verdict::NeverTrue) continue;
    auto names = dae::names(system);
    diagnostics.error(DiagnosticKind::StructurallySingular, e.range,
                      fmt::format("this {} reduces to {} = {}, which never holds", what,
                                  expr::print(system.pool, e.lhs, names),
                                  expr::print(system.pool, e.rhs, names)));
    ok = false;
  }
  equations = std::move(kept);
  return ok;
}

/// Which variables some expression of the system reads (also through pre()).
std::vector<bool> readVariables(dae::System& system) {
  std::vector<bool> read(system.variables.size(), false);
  expr::Pool& pool = system.pool;
  expr::Translator visit(pool, pool, [&](expr::Id id, expr::Translator&) -> expr::Id {
    const expr::Node& node = pool.node(id);
    if (node.op == expr::Op::Variable || node.op == expr::Op::Pre) read[node.index] = true;
    return {};
  });
  detail::rewriteExpressions(system, visit);
  return read;
}

/// A state whose derivative no expression reads any more (`C*der(v)` with C = 0 evaluated)
/// is an algebraic variable: its derivative is hidden and bound to 0 so that it is no
/// unknown, and index reduction never sees a state without a derivative equation.
void demoteStatesWithoutDerivative(dae::System& system) {
  std::vector<bool> read;
  for (dae::Variable& v : system.variables) {
    if (v.kind != dae::VariableKind::State || v.derivative == dae::kNone || v.alias.valid())
      continue;
    if (read.empty()) read = readVariables(system);
    if (read[v.derivative]) continue;
    dae::Variable& derivative = system.variables[v.derivative];
    derivative.kind = dae::VariableKind::Internal;
    derivative.state = dae::kNone;
    derivative.alias = system.pool.constant(expr::Type::Real, 0);
    v.kind = dae::VariableKind::Algebraic;
    v.derivative = dae::kNone;
  }
}

} // namespace

bool eliminateTrivialEquations(dae::System& system, Diagnostics& diagnostics) {
  bool ok = filter(system, system.equations, "equation", diagnostics);
  ok = filter(system, system.initialEquations, "initial equation", diagnostics) && ok;
  if (ok) demoteStatesWithoutDerivative(system);
  return ok;
}

} // namespace mocc::backend::structure
