// backend/program: dae::System + Schedule -> sim::Program. Lays out storage (states,
// derivatives, values), translates expressions into the program's pool, splits the schedule
// (equations, when-clauses, algorithm blocks) into the ABI functions: bind, derivatives,
// crossings, outputs, event update, and copies the user functions.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/sim/program.h"
#include "mocc/structure/sort.h"
#include "mocc/support/diagnostics.h"

#include <optional>

namespace mocc::backend::program {

std::optional<sim::Program> build(const dae::System& system, const structure::Schedule& schedule,
                                  const SourceManager& sources, Diagnostics& diagnostics);

} // namespace mocc::backend::program
