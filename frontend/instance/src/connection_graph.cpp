// Spanning trees of the virtual connection graph (MLS 9.4.2).
#include "connection_graph.h"

#include <algorithm>
#include <deque>
#include <numeric>

namespace mocc::frontend {

std::size_t ConnectionGraph::index(Node node) {
  auto [it, inserted] = nodes_.try_emplace(node, nodeOf_.size());
  if (inserted) {
    nodeOf_.push_back(node);
    parent_.push_back(parent_.size());
  }
  return it->second;
}

std::size_t ConnectionGraph::find(std::size_t i) {
  while (parent_[i] != i)
    i = parent_[i] = parent_[parent_[i]];
  return i;
}

std::size_t ConnectionGraph::addOptionalEdge(Node a, Node b, SourceRange range) {
  index(a), index(b);
  optional_.push_back({a, b, range});
  return optional_.size() - 1;
}

void ConnectionGraph::addRequiredEdge(Node a, Node b, SourceRange range) {
  index(a), index(b);
  required_.push_back({a, b, range});
}

void ConnectionGraph::addRoot(Node node, SourceRange range) {
  index(node);
  roots_.emplace(node, range);
}

void ConnectionGraph::addPotentialRoot(Node node, long long priority, SourceRange range) {
  index(node);
  auto [it, inserted] = potentialRoots_.try_emplace(node, priority, potentialRoots_.size());
  if (!inserted) it->second.first = std::min(it->second.first, priority);
  (void)range;
}

std::optional<bool> ConnectionGraph::rooted(Node node) const {
  for (const Edge& edge : required_) {
    if (edge.a != node) continue;
    auto a = depth_.find(edge.a), b = depth_.find(edge.b);
    if (a == depth_.end() || b == depth_.end()) return std::nullopt;
    return a->second < b->second;
  }
  return std::nullopt;
}

bool ConnectionGraph::solve(Diagnostics& diagnostics,
                            const std::function<std::string(Node)>& nameOf) {
  solved_ = true;
  // 1. The connected parts, through every edge.
  for (const auto& edges : {required_, optional_})
    for (const Edge& edge : edges)
      parent_[find(nodes_[edge.a])] = find(nodes_[edge.b]);
  // 2. Per part its definite roots, else the potential root of lowest priority (first
  // declared among equals).
  std::map<std::size_t, std::vector<Node>> definite;
  std::map<std::size_t, std::pair<std::pair<long long, std::size_t>, Node>> potential;
  for (const auto& [node, range] : roots_)
    definite[find(nodes_[node])].push_back(node);
  for (const auto& [node, rank] : potentialRoots_) {
    std::size_t part = find(nodes_[node]);
    auto it = potential.find(part);
    if (it == potential.end() || rank < it->second.first) potential[part] = {rank, node};
  }
  bool ok = true;
  std::set<std::size_t> reported;
  for (std::size_t i = 0; i < nodeOf_.size(); ++i) {
    std::size_t part = find(i);
    if (definite.count(part)) {
      for (Node root : definite[part])
        selectedRoots_.insert(root);
    } else if (potential.count(part)) {
      selectedRoots_.insert(potential[part].second);
    } else if (reported.insert(part).second) {
      SourceRange where;
      for (const auto& edges : {required_, optional_})
        for (const Edge& edge : edges)
          if (find(nodes_[edge.a]) == part && !where.valid()) where = edge.range;
      diagnostics.error(DiagnosticKind::StructurallySingular, where,
                        "the overdetermined connector '" + nameOf(nodeOf_[i]) +
                            "' is in a part of the connection graph without a root: a "
                            "Connections.root or Connections.potentialRoot is needed (MLS 9.4.2)");
      ok = false;
    }
  }
  // 3. Spanning trees: required edges first, then each optional edge that joins two trees of
  // which at most one has a root; the others are broken.
  std::iota(parent_.begin(), parent_.end(), 0);
  std::vector<bool> hasRoot(nodeOf_.size(), false);
  for (Node root : selectedRoots_)
    hasRoot[nodes_[root]] = true;
  std::vector<std::vector<std::size_t>> tree(nodeOf_.size());
  auto join = [&](const Edge& edge) {
    std::size_t a = find(nodes_[edge.a]), b = find(nodes_[edge.b]);
    if (a == b || (hasRoot[a] && hasRoot[b])) return false;
    parent_[a] = b;
    hasRoot[b] = hasRoot[a] || hasRoot[b];
    tree[nodes_[edge.a]].push_back(nodes_[edge.b]);
    tree[nodes_[edge.b]].push_back(nodes_[edge.a]);
    return true;
  };
  for (const Edge& edge : required_) {
    if (join(edge)) continue;
    diagnostics.error(
        DiagnosticKind::StructurallySingular, edge.range,
        "Connections.branch joins '" + nameOf(edge.a) + "' and '" + nameOf(edge.b) +
            "', which are already in one tree, or in two trees that both have a root; a "
            "required spanning-tree edge cannot close a loop (MLS 9.4.2)");
    ok = false;
  }
  for (std::size_t k = 0; k < optional_.size(); ++k)
    if (!join(optional_[k])) broken_.insert(k);
  // 4. Depths from the roots, for Connections.rooted.
  std::deque<std::size_t> queue;
  for (Node root : selectedRoots_) {
    depth_[root] = 0;
    queue.push_back(nodes_[root]);
  }
  while (!queue.empty()) {
    std::size_t i = queue.front();
    queue.pop_front();
    for (std::size_t j : tree[i]) {
      if (depth_.count(nodeOf_[j])) continue;
      depth_[nodeOf_[j]] = depth_[nodeOf_[i]] + 1;
      queue.push_back(j);
    }
  }
  return ok;
}

} // namespace mocc::frontend
