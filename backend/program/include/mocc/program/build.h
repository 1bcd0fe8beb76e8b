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
/// differentiation of the constraints when the set has none). With `tunableParameters`, the
/// parameters an importer may change between events are marked (sim::Variable::tunable) and
/// Program::parameterUpdate recomputes what is bound to them; without, every parameter is
/// fixed after initialization, as `mocc run` has it (the update costs compile time on models
/// with many bound parameters). Errors go to `diagnostics`.
std::optional<sim::Program> build(const dae::System& system, const structure::Schedule& schedule,
                                  const SourceManager& sources, Diagnostics& diagnostics,
                                  bool tunableParameters = false);

} // namespace mocc::backend::program
