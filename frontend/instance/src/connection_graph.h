// The virtual connection graph of overdetermined connectors (MLS 9.4): its nodes are the
// instances of overdetermined records (records with an `equalityConstraint` function) inside
// connectors, named here by their first variable; connect-equations give optional edges,
// Connections.branch required ones, Connections.root and potentialRoot the roots. Solving it
// selects one root per connected part and breaks optional edges until spanning trees remain.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/support/diagnostics.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace mocc::frontend {

/// The name a call gives, without the leading dot of `.Connections.branch`: Connections is a
/// built-in package in global scope (MLS 9.4.1).
inline std::string globalName(const ast::ComponentRef& function) {
  std::string name = function.str();
  return function.global && name.rfind('.', 0) == 0 ? name.substr(1) : name;
}

class ConnectionGraph {
public:
  using Node = std::uint32_t;

  /// A connect-equation's edge; returns its index for isBroken().
  std::size_t addOptionalEdge(Node a, Node b, SourceRange range);
  void addRequiredEdge(Node a, Node b, SourceRange range);
  void addRoot(Node node, SourceRange range);
  void addPotentialRoot(Node node, long long priority, SourceRange range);

  /// Selects the roots and the spanning trees; false after reporting a part without any root
  /// or two definite roots joined by required edges.
  bool solve(Diagnostics& diagnostics, const std::function<std::string(Node)>& nameOf);
  bool solved() const { return solved_; }

  bool isRoot(Node node) const { return selectedRoots_.count(node) > 0; }
  /// MLS 9.4: whether `node` is closer to its tree's root than the other end of the one
  /// Connections.branch that names it first; nullopt when there is no such branch.
  std::optional<bool> rooted(Node node) const;
  bool isBroken(std::size_t optionalEdge) const { return broken_.count(optionalEdge) > 0; }
  bool empty() const { return nodes_.empty(); }

private:
  struct Edge {
    Node a, b;
    SourceRange range;
  };
  std::size_t find(std::size_t index);
  std::size_t index(Node node);

  std::map<Node, std::size_t> nodes_; // node -> index
  std::vector<Node> nodeOf_;
  std::vector<SourceRange> nodeRange_;
  std::vector<Edge> optional_, required_;
  std::map<Node, SourceRange> roots_;
  std::map<Node, std::pair<long long, std::size_t>> potentialRoots_; // priority, order
  std::set<Node> selectedRoots_;
  std::set<std::size_t> broken_;
  std::map<Node, std::size_t> depth_;
  std::vector<std::size_t> parent_;
  bool solved_ = false;
};

} // namespace mocc::frontend
