// The under- and over-determined parts of a maximum matching (Dulmage and Mendelsohn 1958),
// found breadth-first along alternating paths, for structural diagnostics.
#include "mocc/structure/graph.h"

#include <deque>

namespace mocc::backend::structure {

namespace {

// Variable -> the equations that contain it.
BipartiteGraph transpose(const BipartiteGraph& graph, std::size_t variableCount) {
  BipartiteGraph equationsOf(variableCount);
  for (std::size_t e = 0; e < graph.size(); ++e)
    for (std::int32_t v : graph[e])
      equationsOf[v].push_back(static_cast<std::int32_t>(e));
  return equationsOf;
}

// Breadth-first over alternating paths from `root` in a bipartite graph seen from one side:
// `adjacent[n]` are the other side's nodes of n, `partner[m]` the node m is matched to.
// Returns the reached nodes' parents (through which other-side node), root included.
struct Reach {
  std::vector<std::int32_t> parent; // node -> previous node on its path (root: itself)
  std::vector<std::int32_t> via;    // node -> other-side node joining it to its parent
  std::vector<std::int32_t> order;  // reached nodes, breadth-first
};

Reach alternatingReach(std::int32_t root, const BipartiteGraph& adjacent,
                       const std::vector<std::int32_t>& partner) {
  Reach r{std::vector<std::int32_t>(adjacent.size(), kUnmatched),
          std::vector<std::int32_t>(adjacent.size(), kUnmatched),
          {root}};
  r.parent[root] = root;
  for (std::size_t next = 0; next < r.order.size(); ++next) {
    std::int32_t node = r.order[next];
    for (std::int32_t other : adjacent[node]) {
      std::int32_t reached = partner[other];
      if (reached == kUnmatched || r.parent[reached] != kUnmatched) continue;
      r.parent[reached] = node;
      r.via[reached] = other;
      r.order.push_back(reached);
    }
  }
  return r;
}

// Frees `target` instead of `root`: every node on the path takes over the other-side node
// that joined it to its successor. `match[node]` / `partner[other]` are the two directions.
void shiftAlong(const Reach& r, std::int32_t target, std::vector<std::int32_t>& match,
                std::vector<std::int32_t>& partner) {
  match[target] = kUnmatched;
  for (std::int32_t node = target; r.parent[node] != node; node = r.parent[node]) {
    std::int32_t other = r.via[node], previous = r.parent[node];
    match[previous] = other;
    partner[other] = previous;
  }
}

std::vector<bool> moveUnmatched(const BipartiteGraph& adjacent, std::vector<std::int32_t>& match,
                                std::vector<std::int32_t>& partner, const std::vector<int>& rank) {
  std::vector<bool> part(adjacent.size(), false);
  std::vector<std::int32_t> free;
  for (std::size_t n = 0; n < adjacent.size(); ++n)
    if (match[n] == kUnmatched) free.push_back(static_cast<std::int32_t>(n));
  for (std::int32_t root : free) {
    Reach r = alternatingReach(root, adjacent, partner);
    std::int32_t best = root;
    for (std::int32_t n : r.order) {
      part[n] = true;
      if (rank[n] < rank[best] && match[n] != kUnmatched) best = n;
    }
    if (best != root) shiftAlong(r, best, match, partner);
  }
  return part;
}

} // namespace

std::vector<bool> moveUnmatchedVariables(const BipartiteGraph& graph, Matching& matching,
                                         const std::vector<int>& rank) {
  BipartiteGraph equationsOf = transpose(graph, matching.equationOfVariable.size());
  return moveUnmatched(equationsOf, matching.equationOfVariable, matching.variableOfEquation, rank);
}

std::vector<bool> moveUnmatchedEquations(const BipartiteGraph& graph, Matching& matching,
                                         const std::vector<int>& rank) {
  return moveUnmatched(graph, matching.variableOfEquation, matching.equationOfVariable, rank);
}

} // namespace mocc::backend::structure
