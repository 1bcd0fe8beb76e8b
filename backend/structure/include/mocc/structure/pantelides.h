// Pantelides' algorithm (Pantelides 1988) on a plain index graph: which equations of a DAE
// must be differentiated, and how often, so that the highest-order equations can be matched
// to the highest-order variables. Independent of the IR (the pantelides pass adapts it to
// dae::System); iterative, so that 10^5 equations need no deep recursion.
#pragma once

#include "mocc/structure/graph.h"

#include <cstdint>
#include <vector>

namespace mocc::backend::structure {

/// The structure of a DAE for index reduction. Variables are every time-varying quantity:
/// states, their derivatives and algebraic variables; `derivative[v]` is the variable that is
/// v's time derivative, or kUnmatched. Only variables without a derivative (the highest
/// orders) are unknowns of the matching.
struct IndexGraph {
  BipartiteGraph equations; // equation -> variables it contains
  std::vector<std::int32_t> derivative;
  /// equation -> for its k-th derivative (k = 1, 2, ...), the variables it reads besides the
  /// equation's own and their derivatives: the noDerivative inputs that a derivative function
  /// reads (MLS 12.7.1). May be shorter than `equations`.
  std::vector<std::vector<std::vector<std::int32_t>>> derivativeExtras;
};

struct PantelidesResult {
  /// The extended graph: the input's equations and variables first, then the differentiated
  /// equations and the new derivative variables in the order they were made. A
  /// differentiated equation contains the variables of the equation it comes from and their
  /// derivatives.
  IndexGraph graph;
  std::vector<std::int32_t> differentiatedFrom; // equation -> its integral, or kUnmatched
  std::vector<std::int32_t> integral;           // variable -> v with derivative[v] == it
  /// A matching of every highest-order equation (one that was not differentiated) to a
  /// highest-order variable. Lower-order equations are unmatched.
  Matching matching;
  /// False when some equation could not be matched within `equations.size()`
  /// differentiations: the DAE is structurally singular (check the merged structure first
  /// to say why).
  bool ok = true;
  std::int32_t failedEquation = kUnmatched;
};

/// Runs Pantelides' algorithm. A maximum matching is found first (Hopcroft-Karp), so that
/// index-1 systems cost near-linear time; every equation left unmatched is then augmented,
/// and the equations and variables coloured by a failed augmenting path are differentiated
/// (new equations and derivative variables), until it is matched. Deterministic: equations
/// are visited in order and adjacency lists in their order.
PantelidesResult pantelides(const IndexGraph& graph);

/// The merged structure used to diagnose singular DAEs before index reduction: each variable
/// and all its derivatives form one column. Returns for each variable its column, and the
/// number of columns.
std::vector<std::int32_t> mergedColumns(const IndexGraph& graph, std::size_t& columnCount);

} // namespace mocc::backend::structure
