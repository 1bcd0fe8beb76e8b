// Graph algorithms of structural analysis on plain index graphs, independent of the IR
// (DESIGN.md): maximum bipartite matching (Hopcroft-Karp) and strongly connected components
// (Tarjan). Both are iterative, so that models with 10^5 equations do not exhaust the stack.
#pragma once

#include <cstdint>
#include <vector>

namespace mocc::backend::structure {

inline constexpr std::int32_t kUnmatched = -1;

/// Adjacency of a bipartite graph: `adjacency[e]` lists the variables of equation e.
using BipartiteGraph = std::vector<std::vector<std::int32_t>>;

struct Matching {
  std::vector<std::int32_t> variableOfEquation; // kUnmatched when unmatched
  std::vector<std::int32_t> equationOfVariable; // kUnmatched when unmatched
  std::size_t size = 0;
};

/// A maximum matching between equations and variables (Hopcroft and Karp 1973). Candidates
/// are tried in adjacency order, so the result is deterministic.
Matching maximumMatching(const BipartiteGraph& graph, std::size_t variableCount);

/// The same, starting from `initial` (a valid matching of the same graph, possibly of fewer
/// equations: missing entries count as unmatched). Augmenting paths never unmatch a matched
/// equation, so every equation matched in `initial` stays matched: used to add optional
/// equations after mandatory ones.
Matching maximumMatching(const BipartiteGraph& graph, std::size_t variableCount,
                         const Matching& initial);

/// Matches one more equation by a single augmenting path (depth-first, iterative), keeping
/// every matched equation matched; false when no path exists. `graph` may have grown by
/// equations since `matching` was made. Variables marked in `visited` with the current
/// `stamp` are skipped: after a failed search its variables cannot lead to a free variable
/// until the matching changes, so callers keep the stamp across failures and change it
/// after each success (this keeps a sequence of searches near-linear).
bool augmentFrom(const BipartiteGraph& graph, Matching& matching, std::int32_t equation,
                 std::vector<std::uint32_t>& visited, std::uint32_t stamp);

/// Diagnostics of a maximum matching that leaves variables or equations unmatched
/// (Dulmage and Mendelsohn 1958). Which variables stay unmatched is not unique: any variable
/// reachable from an unmatched one along an alternating path (an equation containing it,
/// then the variable that equation is matched to, ...) could be the free one instead.
/// `moveUnmatchedVariables` moves each free variable along such a path to the reachable
/// variable with the lowest `rank` (ties: the first reached breadth-first), so that a message
/// names the variable most likely missing an equation; the matching stays maximum. Returns
/// the under-determined part: every variable reachable from a free one.
std::vector<bool> moveUnmatchedVariables(const BipartiteGraph& graph, Matching& matching,
                                         const std::vector<int>& rank);
/// The same for equations left over (the over-determined part): an unmatched equation can
/// trade places with any equation reached through a variable it contains and the equation
/// that variable is matched to. Returns every equation so reachable.
std::vector<bool> moveUnmatchedEquations(const BipartiteGraph& graph, Matching& matching,
                                         const std::vector<int>& rank);

/// Strongly connected components of a directed graph where `successors[n]` lists the nodes
/// n depends on. Components are returned in topological order: every component comes after
/// the components it depends on (Tarjan 1972). Nodes inside a component are ascending.
std::vector<std::vector<std::int32_t>>
stronglyConnectedComponents(const std::vector<std::vector<std::int32_t>>& successors);

} // namespace mocc::backend::structure
