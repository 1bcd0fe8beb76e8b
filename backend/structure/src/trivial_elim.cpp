// The `trivial-elim` pass: equations that fold to 0 = 0 removed, contradictions reported.
#include "mocc/structure/trivial_elim.h"

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

} // namespace

bool eliminateTrivialEquations(dae::System& system, Diagnostics& diagnostics) {
  bool ok = filter(system, system.equations, "equation", diagnostics);
  return filter(system, system.initialEquations, "initial equation", diagnostics) && ok;
}

} // namespace mocc::backend::structure
