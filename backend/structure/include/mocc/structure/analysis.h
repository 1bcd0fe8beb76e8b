// The printer of the analysed system behind `mocc dae`: the result of every structural pass
// in one deterministic listing (states, dummy derivatives and states, algebraic variables,
// aliases, differentiated equations with their origins, state sets, BLT blocks with torn
// loops, the ODE Jacobian, relations, when-clauses and the initialization schedule).
#pragma once

#include "mocc/structure/sort.h"

#include <string>

namespace mocc::backend::structure {

/// The listing of `system` after index reduction and `schedule` (with its initialization).
/// Lines that point at the model end with `// file:line:col` when `sources` is given.
std::string printAnalysis(const dae::System& system, const Schedule& schedule,
                          const SourceManager* sources = nullptr);

} // namespace mocc::backend::structure
