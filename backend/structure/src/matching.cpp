// Hopcroft-Karp maximum bipartite matching, iterative.
#include "mocc/structure/graph.h"

#include <limits>
#include <queue>

namespace mocc::backend::structure {

namespace {

constexpr std::int32_t kInfinity = std::numeric_limits<std::int32_t>::max();

class HopcroftKarp {
public:
  HopcroftKarp(const BipartiteGraph& graph, std::size_t variableCount) : graph_(graph) {
    matching_.variableOfEquation.assign(graph.size(), kUnmatched);
    matching_.equationOfVariable.assign(variableCount, kUnmatched);
    distance_.assign(graph.size(), kInfinity);
    nextEdge_.assign(graph.size(), 0);
  }

  HopcroftKarp(const BipartiteGraph& graph, std::size_t variableCount, const Matching& initial)
      : HopcroftKarp(graph, variableCount) {
    for (std::size_t e = 0; e < initial.variableOfEquation.size() && e < graph.size(); ++e) {
      std::int32_t v = initial.variableOfEquation[e];
      if (v == kUnmatched) continue;
      matching_.variableOfEquation[e] = v;
      matching_.equationOfVariable[v] = static_cast<std::int32_t>(e);
      ++matching_.size;
    }
  }

  Matching run() {
    while (layer()) {
      for (std::size_t e = 0; e < graph_.size(); ++e)
        nextEdge_[e] = 0;
      for (std::size_t e = 0; e < graph_.size(); ++e) {
        if (matching_.variableOfEquation[e] == kUnmatched &&
            augment(static_cast<std::int32_t>(e))) {
          ++matching_.size;
        }
      }
    }
    return std::move(matching_);
  }

private:
  // Breadth-first layering from the free equations; true if a free variable is reachable.
  bool layer() {
    std::queue<std::int32_t> queue;
    for (std::size_t e = 0; e < graph_.size(); ++e) {
      distance_[e] = matching_.variableOfEquation[e] == kUnmatched ? 0 : kInfinity;
      if (distance_[e] == 0) queue.push(static_cast<std::int32_t>(e));
    }
    bool found = false;
    while (!queue.empty()) {
      std::int32_t e = queue.front();
      queue.pop();
      for (std::int32_t v : graph_[e]) {
        std::int32_t next = matching_.equationOfVariable[v];
        if (next == kUnmatched) {
          found = true;
        } else if (distance_[next] == kInfinity) {
          distance_[next] = distance_[e] + 1;
          queue.push(next);
        }
      }
    }
    return found;
  }

  // Depth-first search for an augmenting path along the layers, with an explicit stack.
  bool augment(std::int32_t root) {
    std::vector<std::int32_t> path{root};
    while (!path.empty()) {
      std::int32_t e = path.back();
      if (nextEdge_[e] >= graph_[e].size()) {
        distance_[e] = kInfinity; // dead end: never revisit in this phase
        path.pop_back();
        continue;
      }
      std::int32_t v = graph_[e][nextEdge_[e]];
      std::int32_t next = matching_.equationOfVariable[v];
      if (next == kUnmatched) {
        flip(path);
        return true;
      }
      if (distance_[next] == distance_[e] + 1) {
        path.push_back(next);
      } else {
        ++nextEdge_[e];
      }
    }
    return false;
  }

  // Reverses the matching along the path: each equation takes the variable it points at.
  void flip(const std::vector<std::int32_t>& path) {
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      std::int32_t e = *it;
      std::int32_t v = graph_[e][nextEdge_[e]];
      matching_.variableOfEquation[e] = v;
      matching_.equationOfVariable[v] = e;
    }
  }

  const BipartiteGraph& graph_;
  Matching matching_;
  std::vector<std::int32_t> distance_;
  std::vector<std::size_t> nextEdge_;
};

} // namespace

Matching maximumMatching(const BipartiteGraph& graph, std::size_t variableCount) {
  return HopcroftKarp(graph, variableCount).run();
}

bool augmentFrom(const BipartiteGraph& graph, Matching& matching, std::int32_t equation,
                 std::vector<std::uint32_t>& visited, std::uint32_t stamp) {
  matching.variableOfEquation.resize(graph.size(), kUnmatched);
  struct Frame {
    std::int32_t equation;
    std::size_t edge;
  };
  std::vector<Frame> path{{equation, 0}};
  while (!path.empty()) {
    Frame& frame = path.back();
    if (frame.edge >= graph[frame.equation].size()) {
      path.pop_back();
      continue;
    }
    std::int32_t v = graph[frame.equation][frame.edge++];
    if (visited[v] == stamp) continue;
    visited[v] = stamp;
    std::int32_t next = matching.equationOfVariable[v];
    if (next != kUnmatched) {
      path.push_back({next, 0});
      continue;
    }
    // Flip: each equation on the path takes the variable it last tried.
    for (const Frame& f : path) {
      std::int32_t taken = graph[f.equation][f.edge - 1];
      matching.variableOfEquation[f.equation] = taken;
      matching.equationOfVariable[taken] = f.equation;
    }
    ++matching.size;
    return true;
  }
  return false;
}

Matching maximumMatching(const BipartiteGraph& graph, std::size_t variableCount,
                         const Matching& initial) {
  return HopcroftKarp(graph, variableCount, initial).run();
}

} // namespace mocc::backend::structure
