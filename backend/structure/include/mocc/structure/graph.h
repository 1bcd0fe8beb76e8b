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

/// Strongly connected components of a directed graph where `successors[n]` lists the nodes
/// n depends on. Components are returned in topological order: every component comes after
/// the components it depends on (Tarjan 1972). Nodes inside a component are ascending.
std::vector<std::vector<std::int32_t>>
stronglyConnectedComponents(const std::vector<std::vector<std::int32_t>>& successors);

} // namespace mocc::backend::structure
