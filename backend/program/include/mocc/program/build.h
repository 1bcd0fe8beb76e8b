// backend/program: dae::System + Schedule -> sim::Program. Lays out storage (integrated states
// in x and dx; dummy states and dummy derivatives as algebraic values in v), translates
// expressions into the program's pool, and splits the schedules (equations, algebraic loops,
// when-clauses, algorithm blocks; the initialization schedule) into the ABI functions: bind,
// initialize, derivatives, crossings, outputs, event update, the ODE and state-set Jacobians,
// and copies the user functions.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/sim/program.h"
#include "mocc/structure/sort.h"
#include "mocc/support/diagnostics.h"

#include <optional>

namespace mocc::backend::program {

/// Builds the program. Uses, when present, the schedule's initialization problem (else
/// `initialize` runs the event list in initial mode after bind set the start values), its ODE
/// Jacobian and the system's state sets (their constraint Jacobians, or symbolic
/// differentiation of the constraints when the set has none). Errors go to `diagnostics`.
std::optional<sim::Program> build(const dae::System& system, const structure::Schedule& schedule,
                                  const SourceManager& sources, Diagnostics& diagnostics);

} // namespace mocc::backend::program
