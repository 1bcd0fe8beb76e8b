// Pass `sort` (backend/structure): causalisation. Matches every equation to the unknown it
// computes, orders the equations, when-clauses and algorithm sections by their dependencies
// (Tarjan's BLT) and solves each equation for its unknown. A when-clause or an algorithm is
// one block that computes all the variables it assigns. Adds expression nodes to the pool; never
// changes variables or equations. Algebraic loops and nonlinear equations are reported until the
// DAE stage can solve them.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::backend::structure {

struct Step {
  enum class Kind : std::uint8_t { Assign, When, Algorithm };
  Kind kind = Kind::Assign;
  std::uint32_t variable = dae::kNone; // Assign: the unknown it computes
  expr::Id value;                      // Assign: the unknown's solved value
  /// Assign: equation index; When: when-clause index; Algorithm: algorithm index
  std::uint32_t source = 0;
};

/// The causal order of a system: each step's inputs are computed by earlier steps or known
/// (time, states, parameters, pre() values).
struct Schedule {
  std::vector<Step> steps;
};

std::optional<Schedule> sort(dae::System& system, Diagnostics& diagnostics);

/// One line per step: `der(h) := v`, `when #0`.
std::string print(const dae::System& system, const Schedule& schedule,
                  const SourceManager* sources = nullptr);

} // namespace mocc::backend::structure
