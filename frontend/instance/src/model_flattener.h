// ModelFlattener: one simulated class from instance tree to flat::Model. Pass 1 visits the
// components in declaration order and creates their variables, pass 2 lowers bindings and
// attributes, pass 3 lowers equations, algorithms and connections, pass 4 orders the
// variables and renumbers every reference to them.
#pragma once

#include "connection_graph.h"
#include "elaborator.h"

#include "mocc/frontend/instantiate.h"

#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace mocc::frontend {

/// A connect-equation, resolved later when every variable exists (MLS 9.1). Inside
/// for-equations it keeps the values of the loop iterators of its iteration (MLS 8.3.2).
struct PendingConnect {
  const ast::ConnectEquation* equation;
  Scope scope;
  SourceRange range;
  std::vector<Binding> iterators;
};

/// An if-equation whose conditions ask the connection graph (Connections.isRoot, rooted),
/// lowered once the graph is solved (MLS 9.4).
struct DeferredEquation {
  const ast::Equation* equation;
  LowerContext context;
  std::vector<Binding> bindings;
  bool initial;
};

class ModelFlattener {
public:
  ModelFlattener(Elaborator& elaborator, ClassEntry& cls);
  std::optional<flat::Model> run(FlattenTimings* timings = nullptr);

  // Used by equation lowering.
  void addConnect(PendingConnect connect) { connects_.push_back(connect); }
  void defer(DeferredEquation equation) { deferred_.push_back(std::move(equation)); }
  ConnectionGraph& connectionGraph() { return graph_; }
  /// A variable of Elaborator::addInternalVariable, placed after the declared ones.
  void addInternal(std::uint32_t id) { internal_.push_back(id); }

private:
  std::optional<flat::Model> instantiateAndFlatten(FlattenTimings* timings);
  bool checkSimulatable();
  void declareVariables(InstanceNode& node);
  bool componentEnabled(ComponentInstance& component);
  void lowerSections(InstanceNode& node);
  void generateConnections(); // connections.cpp
  void lowerDeferredEquations();
  // model_checks.cpp
  void checkUnconditionalAsserts();
  void checkBindingCycles();
  void checkConstantValues();
  void recordTranslationValues();
  void finish();

  Elaborator& el_;
  ClassEntry& cls_;
  std::unique_ptr<InstanceNode> root_;
  std::vector<std::uint32_t> order_;    // variables in declaration order
  std::vector<std::uint32_t> internal_; // variables the compiler added
  std::vector<PendingConnect> connects_;
  std::vector<DeferredEquation> deferred_;
  ConnectionGraph graph_;
  std::vector<flat::Equation> equations_;
  std::vector<flat::Equation> initialEquations_;
  std::vector<flat::Algorithm> algorithms_;
  std::set<const ComponentInstance*> disabled_;
};

} // namespace mocc::frontend
