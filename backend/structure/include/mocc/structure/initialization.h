// Pass `initialization` (backend/structure): the initialization problem of MLS 8.6 as its own
// system. Its unknowns are all variables (states included) and parameters with
// fixed = false; its equations are all equations of the index-reduced system, the initial
// equations, `v = v.start` for continuous variables with fixed = true, when-clauses as they
// act at the initial time (MLS 8.6: branches with initial() fire, others keep pre()) and
// reinit() in such branches as equations. Matched, sorted and torn like the simulation
// problem (Schedule::initialization). Adds expression nodes, and a hidden variable standing
// for each pre() that is an unknown of the problem (Initialization::preUnknowns).
#pragma once

#include "mocc/structure/sort.h"

#include <optional>

namespace mocc::backend::structure {

/// Builds and sorts the initialization problem. Under-determined problems where only states
/// lack an equation take those states' start values (a StartFallback equation each, one
/// warning naming them), as other tools do. Otherwise a problem that cannot be matched is an
/// error: under-determined lists the variables without an equation, over-determined the
/// equations left over and the variables they conflict on, each with the file:line of its
/// declaration or equation. Returns nullopt after reporting errors.
std::optional<Initialization> initialization(dae::System& system, const SourceManager& sources,
                                             Diagnostics& diagnostics);

/// The problem's size and origins of its equations, then its steps.
std::string print(const dae::System& system, const Initialization& initialization,
                  const SourceManager* sources = nullptr);

} // namespace mocc::backend::structure
