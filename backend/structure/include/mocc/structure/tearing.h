// Tearing of an algebraic loop (Cellier and Kofman 2006, "Continuous System Simulation",
// section 7.4) on a plain index graph: choose iteration variables so that the loop's other
// equations can be solved explicitly, one after the other, for the other variables; the
// equations left over are the residuals. Independent of the IR and deterministic.
#pragma once

#include "mocc/structure/graph.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace mocc::backend::structure {

/// One strongly connected block: equations and variables numbered from 0, as many of each.
struct TearingProblem {
  BipartiteGraph incidence; // equation -> variables it contains
  /// equation -> the variables it can be solved for explicitly (a subset of incidence): those
  /// it is linear in with a coefficient that cannot vanish, for example.
  BipartiteGraph solvable;
  /// variable -> whether it may be an iteration variable (Integer and Boolean may not).
  std::vector<bool> iterable;
};

struct Tearing {
  std::vector<std::int32_t> iteration; // iteration variables, in the order chosen
  /// (equation, variable) pairs in evaluation order: each computes its variable from the
  /// iteration variables and the variables computed before it.
  std::vector<std::pair<std::int32_t, std::int32_t>> inner;
  std::vector<std::int32_t> residuals; // the other equations, ascending
  /// False when variables remain that may not be iterated and no equation computes them.
  bool ok = true;
};

/// Greedy tearing: while some equation has exactly one unknown variable left and can be
/// solved for it, it computes that variable; when none can, the iterable unknown variable
/// appearing in the most equations with two unknowns left (then in the most equations, then
/// the first) becomes an iteration variable. Near-linear: a lazily updated priority queue
/// picks the iteration variables.
Tearing tear(const TearingProblem& problem);

} // namespace mocc::backend::structure
