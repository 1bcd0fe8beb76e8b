// Questions both code generators ask of a sim::Program.
#include "mocc/sim/program.h"

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

std::vector<std::uint32_t> openedSystems(const Program& program) {
  std::vector<std::uint32_t> systems;
  std::set<std::uint32_t> seen;
  for (const Statement& statement : program.derivatives)
    if (const auto* solve = std::get_if<Solve>(&statement.node))
      if (seen.insert(solve->system).second) systems.push_back(solve->system);
  return systems;
}

} // namespace mocc::sim
