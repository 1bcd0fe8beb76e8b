// Connections (MLS 9): connect-equations pair the primitive variables of two connectors;
// connection sets of (variable, inside/outside) elements give equality equations for
// potential variables and zero-sum equations for flow variables. Every flow variable is
// also an inside element of its own, so an unconnected flow is set to zero.
#include "model_flattener.h"

#include "flat_builders.h"
#include "lower_expression.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_set>

namespace mocc::frontend {

using flat::Expr;

namespace {

constexpr ConnectionGraph::Node kNoNode = UINT32_MAX;

struct Leaf {
  std::string relative; // name below the connector: "v", "sub.i[2]"
  std::uint32_t variable;
  bool flow;
  bool stream = false;
  /// The overdetermined record instance it belongs to (its node of the connection graph,
  /// MLS 9.4), else ConnectionGraph::kNone.
  ConnectionGraph::Node overdetermined = kNoNode;
};

// One side of a connect: the connectors it names (several for arrays of connectors).
struct Side {
  std::vector<std::vector<Leaf>> connectors;
  bool outside = false;
  bool disabled = false;
};

// Union-find over connection-set elements (variable id, outside?).
class ConnectionSets {
public:
  std::size_t element(std::uint32_t variable, bool outside) {
    std::uint64_t key = static_cast<std::uint64_t>(variable) * 2 + (outside ? 1 : 0);
    auto [it, inserted] = index_.try_emplace(key, parent_.size());
    if (inserted) {
      parent_.push_back(parent_.size());
      members_.push_back({variable, outside});
    }
    return it->second;
  }
  void join(std::size_t a, std::size_t b) { parent_[find(a)] = find(b); }
  std::size_t find(std::size_t a) {
    while (parent_[a] != a)
      a = parent_[a] = parent_[parent_[a]];
    return a;
  }
  /// The sets, each in order of its elements' creation, ordered by their first element.
  std::vector<std::vector<std::pair<std::uint32_t, bool>>> sets() {
    std::map<std::size_t, std::size_t> setOfRoot;
    std::vector<std::vector<std::pair<std::uint32_t, bool>>> result;
    for (std::size_t i = 0; i < parent_.size(); ++i) {
      auto [it, inserted] = setOfRoot.try_emplace(find(i), result.size());
      if (inserted) result.emplace_back();
      result[it->second].push_back(members_[i]);
    }
    return result;
  }

private:
  std::map<std::uint64_t, std::size_t> index_;
  std::vector<std::size_t> parent_;
  std::vector<std::pair<std::uint32_t, bool>> members_;
};

/// The outermost instance around `component` (itself an element of it, at any depth) that
/// satisfies `matches`; null when there is none.
template <class Matches>
InstanceNode* outermostEnclosing(const ComponentInstance& component, Matches matches) {
  InstanceNode* found = nullptr;
  for (InstanceNode* node = component.owner; node;
       node = node->component ? node->component->owner : nullptr) {
    if (matches(*node)) found = node;
  }
  return found;
}

/// MLS 9.2: only flow variables of connectors form connection sets (and are set to zero when
/// unconnected); a `flow` variable elsewhere is an ordinary variable.
bool isConnectorElement(const ComponentInstance& component) {
  return outermostEnclosing(component, [](const InstanceNode& node) {
           return ast::isConnectorKind(node.kind);
         }) != nullptr;
}

/// MLS 9.1.3: the elements of an expandable connector take their causality from what they
/// are connected to.
bool isExpandableConnectorElement(const ComponentInstance& component) {
  return outermostEnclosing(component, [](const InstanceNode& node) {
           return node.kind == ast::ClassKind::ExpandableConnector;
         }) != nullptr;
}

} // namespace

class ConnectionBuilder {
public:
  ConnectionBuilder(Elaborator& el, const std::set<const ComponentInstance*>& disabled,
                    ConnectionGraph& graph)
      : el_(el), disabled_(disabled), graph_(graph) {}

  void connect(const PendingConnect& c) {
    Side a, b;
    std::vector<Binding> iterators = c.iterators;
    LowerContext context;
    context.scope = c.scope;
    if (!iterators.empty()) context.bindings = &iterators;
    if (!resolve(c.equation->a, context, a) || !resolve(c.equation->b, context, b)) return;
    if (a.disabled || b.disabled) return; // MLS 4.4.5: connections to removed components vanish
    if (a.connectors.size() != b.connectors.size()) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, c.range,
                              "connect: the two sides have different numbers of connectors (" +
                                  std::to_string(a.connectors.size()) + " and " +
                                  std::to_string(b.connectors.size()) + ")");
      return;
    }
    for (const Side* side : {&a, &b})
      for (const std::vector<Leaf>& connector : side->connectors)
        if (!connector.empty()) ++cardinality_[{connector.front().variable, connector.size()}];
    for (std::size_t k = 0; k < a.connectors.size(); ++k) {
      if (!pair(a.connectors[k], a.outside, b.connectors[k], b.outside, c)) return;
    }
  }

  /// Occurrences of each connector in connect-equations (Elaborator::connectorCardinality).
  const std::map<Elaborator::ConnectorKey, int>& cardinality() const { return cardinality_; }

  void addFlowVariable(std::uint32_t id) { sets_.element(id, false); }

  /// Whether a connect-equation has reached the variable.
  bool isConnected(std::uint32_t id) const { return connected_.count(id) > 0; }

  /// MLS 4.6: every variable of a public connector of a block is an input or an output.
  void checkBlockConnector(InstanceNode& connector) {
    ComponentInstance& component = *connector.component;
    if (!component.owner || component.owner->kind != ast::ClassKind::Block ||
        component.isProtected || !blockConnectorsChecked_.insert(component.declaration).second) {
      return;
    }
    std::vector<Leaf> list;
    leaves(connector, "", list);
    for (const Leaf& leaf : list) {
      if (leaf.stream) continue;
      const flat::Variable& v = el_.variable(leaf.variable).variable;
      if (v.causality != flat::Causality::None || v.variability <= flat::Variability::Parameter)
        continue;
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, component.declaration->range,
                              "'" + component.name + "' is a connector of the block '" +
                                  component.owner->entry->qualifiedName() + "', so its variable '" +
                                  leaf.relative + "' must be an input or an output (MLS 4.6)");
      return;
    }
  }

  /// MLS 9.3.1: every connector component is balanced, connected or not: checked at the
  /// outermost connector around each variable.
  void checkDeclaredConnectors(const std::vector<std::uint32_t>& variables) {
    for (std::uint32_t id : variables) {
      InstanceNode* outermost =
          outermostEnclosing(*el_.variable(id).component, [](const InstanceNode& node) {
            return ast::isConnectorKind(node.kind) && node.component; // a declared connector
          });
      // A parameter or constant connector is already an error, and its prefix would hide
      // the potential variables of the class.
      if (!outermost ||
          outermost->component->clause->prefix.variability >= ast::Variability::Parameter) {
        continue;
      }
      checkBalance(*outermost, outermost->component->declaration->range);
      checkBlockConnector(*outermost);
    }
  }

  /// The names of the connection graph's nodes, for messages.
  const std::map<ConnectionGraph::Node, std::string>& nodeNames() const { return nodeNames_; }

  /// MLS 9.4.2: a connect-equation's edge in a spanning tree equates the overdetermined
  /// records' variables; a broken one gives `0 = equalityConstraint(A.R, B.R)` instead.
  void finishGraphEdges(std::vector<flat::Equation>& equations) {
    for (const GraphEdge& edge : graphEdges_) {
      if (!graph_.isBroken(edge.index)) {
        for (const auto& [a, b] : edge.elements)
          sets_.join(a, b);
        continue;
      }
      emitEqualityConstraint(edge, equations);
    }
  }

  /// The equations of every connection set; each points at the declaration of its first
  /// variable.
  void emit(std::vector<flat::Equation>& equations) {
    for (const auto& set : sets_.sets()) {
      const flat::Variable& first = el_.variable(set.front().first).variable;
      SourceRange range = first.range;
      if (first.isFlow) {
        emitFlowSum(set, equations, range);
      } else {
        checkSignalSources(set);
        emitEqualities(set, equations, range);
      }
    }
  }

private:
  /// The elements of one connect-equation's overdetermined records, joined when its edge of
  /// the connection graph is in a spanning tree.
  struct GraphEdge {
    std::size_t index;
    ConnectionGraph::Node a, b;
    std::vector<std::pair<std::size_t, std::size_t>> elements;
    SourceRange range;
  };

  bool resolve(const ast::ComponentRef& ref, const LowerContext& context, Side& side);
  void leaves(InstanceNode& node, const std::string& prefix, std::vector<Leaf>& out);
  const ClassEntry* overdeterminedClass(InstanceNode& record);
  std::size_t residueSize(const ClassEntry& cls);
  void emitEqualityConstraint(const GraphEdge& edge, std::vector<flat::Equation>& equations);
  void checkBalance(InstanceNode& connector, SourceRange range);
  void checkFlowOperatorRecords(InstanceNode& connector);
  bool compatible(std::uint32_t a, std::uint32_t b, const PendingConnect& c);
  void checkSignalSources(const std::vector<std::pair<std::uint32_t, bool>>& set);
  void checkEqualValues(std::uint32_t a, std::uint32_t b, std::vector<flat::Equation>& equations,
                        SourceRange range);
  bool pair(const std::vector<Leaf>& a, bool aOutside, const std::vector<Leaf>& b, bool bOutside,
            const PendingConnect& c);
  void emitFlowSum(const std::vector<std::pair<std::uint32_t, bool>>& set,
                   std::vector<flat::Equation>& equations, SourceRange range);
  void emitEqualities(const std::vector<std::pair<std::uint32_t, bool>>& set,
                      std::vector<flat::Equation>& equations, SourceRange range);

  Elaborator& el_;
  const std::set<const ComponentInstance*>& disabled_;
  ConnectionGraph& graph_;
  std::vector<GraphEdge> graphEdges_;
  /// A node of the connection graph: the class with equalityConstraint, and the record
  /// instance (null for an overdetermined type, whose node is its variable).
  struct GraphNode {
    const ClassEntry* cls;
    InstanceNode* record;
    std::vector<std::size_t> dims; // of an overdetermined type's component
  };
  std::map<ConnectionGraph::Node, GraphNode> graphNodes_;
  std::map<ConnectionGraph::Node, std::string> nodeNames_;
  std::map<const ClassEntry*, std::optional<std::size_t>> residueSizes_; // null: not overdetermined
  ConnectionSets sets_;
  std::unordered_set<std::uint32_t> connected_;
  std::map<Elaborator::ConnectorKey, int> cardinality_;
  std::set<const ClassEntry*> balanceChecked_;
  std::set<const ast::Declaration*> blockConnectorsChecked_;
};

// MLS 9.1.2: a connector that is an element of the class holding the connect-equation is an
// outside connector; a connector of one of its components is an inside one. Subscripts are
// lowered in `context`, which binds the iterators of enclosing for-equations (MLS 8.3.2).
bool ConnectionBuilder::resolve(const ast::ComponentRef& ref, const LowerContext& context,
                                Side& side) {
  Diagnostics& d = el_.diagnostics();
  std::vector<InstanceNode*> nodes{context.scope.instance};
  std::vector<std::pair<ComponentInstance*, std::size_t>> scalars; // scalar-typed connectors
  for (std::size_t part = 0; part < ref.parts.size(); ++part) {
    const ast::RefPart& p = ref.parts[part];
    std::vector<InstanceNode*> next;
    for (InstanceNode* node : nodes) {
      // MLS 9.1: a connector of the class, or of one of its components, or a connector nested
      // in such a connector; never one reached through a component of a component.
      if (part >= 2 && !ast::isConnectorKind(node->kind)) {
        std::string through;
        for (std::size_t k = 0; k < part; ++k)
          through += (k ? "." : "") + ref.parts[k].ident;
        d.error(DiagnosticKind::TypeMismatch, ref.range,
                "connect: '" + ref.str() + "' is reached through '" + through +
                    "', a component of a component; a connect-equation names connectors of "
                    "its class or of the class's components (MLS 9.1)");
        return false;
      }
      ComponentInstance* c = node->findComponent(p.ident);
      if (c && NameLookup::refersToOuter(*c, part == 0)) {
        c = el_.names().innerOf(*c, p.range);
        if (!c) return false;
      }
      if (!c) {
        d.error(DiagnosticKind::UndefinedName, p.range,
                "connect: '" + node->entry->qualifiedName() + "' has no component '" + p.ident +
                    "'");
        return false;
      }
      if (part > 0 && c->isProtected) {
        el_.names().reportProtectedAccess(p.ident, node->entry->qualifiedName(), p.range);
      }
      if (disabled_.count(c) || (c->enabled && !*c->enabled)) side.disabled = true;
      if (part == 0) {
        InstanceNode* type = el_.typeInstance(*c);
        side.outside = type && ast::isConnectorKind(type->kind);
      }
      const auto* sizes = el_.dims(*c);
      if (!sizes) return false;
      ExpressionLowering lowering(el_, context);
      Tensor positions;
      positions.dims = *sizes;
      for (std::size_t k = 0; k < elementCount(*sizes); ++k) {
        positions.elements.push_back(make::integer(static_cast<long long>(k)));
      }
      ast::Expr where;
      where.range = p.range;
      auto selected = lowering.subscript(positions, p.subscripts, where);
      if (!selected) return false;
      bool last = part + 1 == ref.parts.size();
      if (el_.isScalarType(*c)) {
        if (!last) {
          d.error(DiagnosticKind::UndefinedName, ref.range,
                  "connect: '" + p.ident + "' has no components");
          return false;
        }
        for (const Expr& position : selected->elements) {
          scalars.push_back({c, static_cast<std::size_t>(position.number)});
        }
        continue;
      }
      if (side.disabled) continue;
      auto* elements = el_.elements(*c);
      if (!elements) return false;
      for (const Expr& position : selected->elements) {
        next.push_back((*elements)[static_cast<std::size_t>(position.number)]);
      }
    }
    nodes = std::move(next);
  }
  if (side.disabled) return true;
  for (auto [component, k] : scalars) {
    InstanceNode* type = el_.typeInstance(*component);
    if (!ast::isConnectorKind(type->kind) && !ast::isConnectorKind(component->owner->kind)) {
      d.error(DiagnosticKind::TypeMismatch, ref.range,
              "connect: '" + ref.str() + "' is not a connector (MLS 9.1)");
      return false;
    }
    std::string path = component->owner->path.empty()
                           ? component->name
                           : component->owner->path + "." + component->name;
    std::uint32_t first = el_.variablesOf(*component, path);
    if (first == UINT32_MAX) return false;
    bool flow = Elaborator::isFlow(*component);
    side.connectors.push_back({Leaf{"", first + static_cast<std::uint32_t>(k), flow}});
  }
  for (InstanceNode* node : nodes) {
    if (!ast::isConnectorKind(node->kind)) {
      d.error(DiagnosticKind::TypeMismatch, ref.range,
              "connect: '" + ref.str() + "' is a " + ast::spelling(node->kind) +
                  ", not a connector (MLS 9.1)");
      return false;
    }
    checkBalance(*node, ref.range);
    std::vector<Leaf> list;
    leaves(*node, "", list);
    if (auto stream =
            std::find_if(list.begin(), list.end(), [](const Leaf& l) { return l.stream; });
        stream != list.end()) {
      d.error(DiagnosticKind::Unsupported, ref.range,
              "connect: '" + ref.str() + "' has the stream variable '" + stream->relative +
                  "'; connecting stream connectors is not supported yet");
      return false;
    }
    side.connectors.push_back(std::move(list));
  }
  return true;
}

void ConnectionBuilder::leaves(InstanceNode& node, const std::string& prefix,
                               std::vector<Leaf>& out) {
  for (ComponentInstance& c : node.components) {
    // A disabled conditional component of a connector is not part of it (MLS 4.4.5).
    if (disabled_.count(&c) || (c.enabled && !*c.enabled)) continue;
    std::string name = prefix.empty() ? c.name : prefix + "." + c.name;
    if (c.clause->prefix.connector == ast::ConnectorKind::Stream) {
      out.push_back({name, UINT32_MAX, false, true});
      continue;
    }
    if (el_.isScalarType(c)) {
      std::string path = node.path.empty() ? c.name : node.path + "." + c.name;
      std::uint32_t first = el_.variablesOf(c, path);
      const auto* sizes = el_.dims(c);
      if (first == UINT32_MAX || !sizes) continue;
      // MLS 9.4.1: a type with equalityConstraint (`type AC_Angle extends Real`,
      // `type Orientation = Real[3, 3]`) is overdetermined; the component is one node, named
      // by its first variable.
      const ClassEntry* type = el_.componentType(c);
      bool overdetermined = type && residueSize(*type) != SIZE_MAX;
      for (std::size_t k = 0; k < elementCount(*sizes); ++k) {
        auto variable = first + static_cast<std::uint32_t>(k);
        out.push_back(
            {name + subscriptText(subscriptsOf(k, *sizes)), variable, Elaborator::isFlow(c)});
        if (overdetermined) out.back().overdetermined = first;
      }
      if (overdetermined && elementCount(*sizes) > 0) {
        graphNodes_[first] = {type, nullptr, *sizes};
        nodeNames_[first] = path;
      }
      continue;
    }
    auto* elements = el_.elements(c);
    const auto* sizes = el_.dims(c);
    if (!elements || !sizes) continue;
    for (std::size_t k = 0; k < elements->size(); ++k) {
      std::size_t first = out.size();
      InstanceNode& element = *(*elements)[k];
      leaves(element, name + subscriptText(subscriptsOf(k, *sizes)), out);
      const ClassEntry* overdetermined = overdeterminedClass(element);
      if (first == out.size() || !overdetermined) continue;
      ConnectionGraph::Node node = out[first].variable;
      graphNodes_[node] = {overdetermined, &element};
      nodeNames_[node] = element.path;
      for (std::size_t i = first; i < out.size(); ++i)
        out[i].overdetermined = node;
    }
  }
}

// MLS 9.4.1: a record with an `equalityConstraint` function is overdetermined.
const ClassEntry* ConnectionBuilder::overdeterminedClass(InstanceNode& record) {
  bool isRecord =
      record.kind == ast::ClassKind::Record || record.kind == ast::ClassKind::OperatorRecord;
  const ClassEntry* cls = record.definition ? record.definition : record.entry;
  return isRecord && residueSize(*cls) != SIZE_MAX ? cls : nullptr;
}

// The size of equalityConstraint's residue (MLS 9.3.1 counts an overdetermined record or
// type as that many variables); SIZE_MAX for a class that is not overdetermined.
std::size_t ConnectionBuilder::residueSize(const ClassEntry& cls) {
  auto [it, inserted] = residueSizes_.try_emplace(&cls);
  if (!inserted) return it->second.value_or(SIZE_MAX);
  Elaborator::Found found =
      cls.definition ? el_.names().member(cls, "equalityConstraint") : Elaborator::Found{};
  if (!found.cls || !found.cls->definition ||
      found.cls->definition->kind != ast::ClassKind::Function) {
    return SIZE_MAX;
  }
  std::size_t size = 0;
  for (ComponentInstance& output : el_.packageInstance(*found.cls)->components) {
    if (el_.causalityOf(output) != ast::Causality::Output) continue;
    if (const auto* dims = el_.dims(output)) size = elementCount(*dims);
  }
  residueSizes_[&cls] = size;
  return size;
}

// MLS 9.3.1: a (non-partial, non-expandable) connector has as many flow variables as
// potential variables that are not inputs, outputs, parameters or constants.
void ConnectionBuilder::checkBalance(InstanceNode& connector, SourceRange range) {
  if (connector.kind != ast::ClassKind::Connector || connector.partial) return;
  if (!balanceChecked_.insert(connector.entry).second) return;
  checkFlowOperatorRecords(connector);
  std::vector<Leaf> list;
  leaves(connector, "", list);
  std::size_t flows = 0, potentials = 0, streams = 0;
  std::set<ConnectionGraph::Node> overdetermined;
  for (const Leaf& leaf : list) {
    if (leaf.stream) { // MLS 9.3.1: neither flow nor potential
      ++streams;
      continue;
    }
    if (leaf.overdetermined != kNoNode) { // MLS 9.3.1: as many as its residue has
      if (overdetermined.insert(leaf.overdetermined).second)
        potentials += residueSize(*graphNodes_[leaf.overdetermined].cls);
      continue;
    }
    const flat::Variable& v = el_.variable(leaf.variable).variable;
    if (leaf.flow) {
      ++flows;
    } else if (v.causality == flat::Causality::None &&
               v.variability > flat::Variability::Parameter) {
      ++potentials;
    }
  }
  if (streams > 0 && flows != 1) {
    el_.diagnostics().error(DiagnosticKind::StructurallySingular, range,
                            "connector '" + connector.entry->qualifiedName() +
                                "' has stream variables, so it needs exactly one scalar flow "
                                "variable, but it has " +
                                std::to_string(flows) + " (MLS 15.1)");
    return;
  }
  if (flows == potentials) return;
  auto& d = el_.diagnostics().error(DiagnosticKind::StructurallySingular, range,
                                    "connector '" + connector.entry->qualifiedName() +
                                        "' is unbalanced: " + std::to_string(flows) +
                                        " flow variable" + (flows == 1 ? "" : "s") + " but " +
                                        std::to_string(potentials) + " potential variable" +
                                        (potentials == 1 ? "" : "s") + " (MLS 9.3.1)");
  if (connector.entry->definition) {
    d.notes.push_back({connector.entry->definition->nameRange, "the connector is declared here"});
  }
}

// MLS 9.2: the connection equations of a flow operator record add, negate and start from
// zero with the record's own '+', '-' and '0'.
void ConnectionBuilder::checkFlowOperatorRecords(InstanceNode& connector) {
  for (ComponentInstance& c : connector.components) {
    if (c.clause->prefix.connector != ast::ConnectorKind::Flow || el_.isScalarType(c)) continue;
    const ClassEntry* type = el_.componentType(c);
    if (!type) continue;
    LowerContext context;
    ExpressionLowering lowering(el_, context);
    const ClassEntry* record = lowering.operatorRecordOf(*type);
    if (!record) continue;
    std::vector<std::string> missing;
    for (const char* op : {"'+'", "'-'", "'0'"}) {
      if (lowering.operatorFunctions(*record, op).empty()) missing.push_back(op);
    }
    if (missing.empty()) continue;
    std::string list;
    for (const std::string& op : missing)
      list += (list.empty() ? "" : ", ") + op;
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, c.declaration->range,
                            "the flow variable '" + c.name + "' is an operator record '" +
                                record->qualifiedName() + "' without the operator" +
                                (missing.size() == 1 ? " " : "s ") + list +
                                " that its connection equations need (MLS 9.2)");
  }
}

bool ConnectionBuilder::pair(const std::vector<Leaf>& a, bool aOutside, const std::vector<Leaf>& b,
                             bool bOutside, const PendingConnect& c) {
  bool match = a.size() == b.size();
  for (std::size_t i = 0; match && i < a.size(); ++i) {
    match = a[i].relative == b[i].relative && a[i].flow == b[i].flow;
  }
  if (!match) {
    el_.diagnostics().error(
        DiagnosticKind::TypeMismatch, c.range,
        "connect: '" + c.equation->a.str() + "' and '" + c.equation->b.str() +
            "' are not compatible connectors (their variables differ; MLS 9.3)");
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!compatible(a[i].variable, b[i].variable, c)) return false;
  }
  std::map<std::pair<ConnectionGraph::Node, ConnectionGraph::Node>, std::size_t> edges;
  for (std::size_t i = 0; i < a.size(); ++i) {
    // b's element first: the order of a set's elements orders its equations.
    std::size_t y = sets_.element(b[i].variable, bOutside);
    std::size_t x = sets_.element(a[i].variable, aOutside);
    connected_.insert(a[i].variable);
    connected_.insert(b[i].variable);
    if (a[i].overdetermined == kNoNode || b[i].overdetermined == kNoNode) {
      sets_.join(x, y);
      continue;
    }
    auto key = std::make_pair(a[i].overdetermined, b[i].overdetermined);
    auto [it, inserted] = edges.try_emplace(key, graphEdges_.size());
    if (inserted) {
      std::size_t index = graph_.addOptionalEdge(key.first, key.second, c.range);
      graphEdges_.push_back({index, key.first, key.second, {}, c.range});
    }
    graphEdges_[it->second].elements.push_back({x, y});
  }
  return true;
}

void ConnectionBuilder::emitEqualityConstraint(const GraphEdge& edge,
                                               std::vector<flat::Equation>& equations) {
  const GraphNode& a = graphNodes_[edge.a];
  if (residueSize(*a.cls) == 0) return;
  Elaborator::Found function = el_.names().member(*a.cls, "equalityConstraint");
  LowerContext context;
  ExpressionLowering lowering(el_, context);
  ast::Expr where;
  where.range = edge.range;
  auto value = [&](ConnectionGraph::Node node) -> std::optional<Tensor> {
    const GraphNode& n = graphNodes_[node];
    if (n.record) return lowering.recordValue(*n.record, where);
    Tensor t; // an overdetermined type's variables, row-major as the input takes them
    t.dims = n.dims;
    for (std::uint32_t k = 0; k < elementCount(n.dims); ++k) {
      const flat::Variable& v = el_.variable(node + k).variable;
      t.elements.push_back(make::variable(node + k, v.type, edge.range));
    }
    return t;
  };
  auto first = value(edge.a);
  auto second = value(edge.b);
  if (!first || !second || !function.cls) return;
  auto residue = lowering.callWithValues(where, {function.cls, function.classScope},
                                         {std::move(*first), std::move(*second)});
  if (!residue) return;
  for (flat::Expr& element : residue->elements) {
    equations.push_back(flat::Equation{
        flat::Equality{make::literal(flat::Type::Real, 0, edge.range), std::move(element)},
        edge.range});
  }
}

// MLS 9.3: matched primitive components have the same type; parameters connect only to
// parameters, constants to constants, causal (input/output) variables to causal ones.
bool ConnectionBuilder::compatible(std::uint32_t aId, std::uint32_t bId, const PendingConnect& c) {
  const flat::Variable& a = el_.variable(aId).variable;
  const flat::Variable& b = el_.variable(bId).variable;
  auto fail = [&](const std::string& why) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, c.range,
                            "connect: '" + a.name + "' and '" + b.name +
                                "' cannot be connected: " + why + " (MLS 9.3)");
    return false;
  };
  if (a.type != b.type || !el_.sameEnumeration(a.typeName, b.typeName)) {
    return fail(std::string("one is ") + flat::spelling(a.type) + ", the other " +
                flat::spelling(b.type));
  }
  auto kind = [](const flat::Variable& v) {
    return v.variability == flat::Variability::Constant    ? "a constant"
           : v.variability == flat::Variability::Parameter ? "a parameter"
                                                           : "neither parameter nor constant";
  };
  bool aFixed = a.variability <= flat::Variability::Parameter;
  bool bFixed = b.variability <= flat::Variability::Parameter;
  if ((aFixed || bFixed) && a.variability != b.variability) {
    return fail(std::string("one is ") + kind(a) + ", the other " + kind(b));
  }
  bool aCausal = a.causality != flat::Causality::None;
  bool expandable = isExpandableConnectorElement(*el_.variable(aId).component) ||
                    isExpandableConnectorElement(*el_.variable(bId).component);
  if (!expandable && aCausal != (b.causality != flat::Causality::None)) {
    return fail("only one of them is an input or output");
  }
  return true;
}

namespace {

// Whether the connector component that holds a variable (the variable's own component, or a
// connector it is nested in) is protected.
bool inProtectedConnector(const ComponentInstance* component) {
  while (component) {
    if (component->isProtected) return true;
    const InstanceNode* owner = component->owner;
    bool nestedInConnector = owner && owner->component &&
                             (owner->kind == ast::ClassKind::Connector ||
                              owner->kind == ast::ClassKind::ExpandableConnector);
    component = nestedInConnector ? owner->component : nullptr;
  }
  return false;
}

} // namespace

// MLS 9.3: a connection set of causal variables has at most one source: the output of a
// component (an inside output) or a public input of the class itself (a public outside
// input). A protected input of the class is no source: nothing outside can connect to it, so
// the class drives it itself, as the MSL's blocks drive `amplitude_internal` from a constant
// or a conditional input.
void ConnectionBuilder::checkSignalSources(const std::vector<std::pair<std::uint32_t, bool>>& set) {
  std::vector<std::uint32_t> sources;
  for (auto [id, outside] : set) {
    flat::Causality causality = el_.variable(id).variable.causality;
    bool publicInput =
        causality == flat::Causality::Input && !inProtectedConnector(el_.variable(id).component);
    if ((!outside && causality == flat::Causality::Output) || (outside && publicInput)) {
      if (std::find(sources.begin(), sources.end(), id) == sources.end()) sources.push_back(id);
    }
  }
  if (sources.size() < 2) return;
  const flat::Variable& first = el_.variable(sources[0]).variable;
  const flat::Variable& second = el_.variable(sources[1]).variable;
  auto& d = el_.diagnostics().error(
      DiagnosticKind::InvalidOperator, second.range,
      "'" + first.name + "' and '" + second.name +
          "' are connected, but both are sources of the signal (outputs of components or inputs "
          "of the model); a connection set has at most one (MLS 9.3)");
  d.notes.push_back({first.range, "the other source"});
}

// z1 + z2 + (-z3) + ... = 0 with +1 for inside and -1 for outside elements (MLS 9.2).
void ConnectionBuilder::emitFlowSum(const std::vector<std::pair<std::uint32_t, bool>>& set,
                                    std::vector<flat::Equation>& equations, SourceRange range) {
  std::optional<Expr> sum;
  for (auto [id, outside] : set) {
    Expr term = make::variable(id, flat::Type::Real, range);
    if (!sum) {
      sum = outside ? make::unary(flat::UnaryOp::Minus, term, flat::Type::Real, range) : term;
      continue;
    }
    sum = make::binary(outside ? flat::BinaryOp::Sub : flat::BinaryOp::Add, std::move(*sum),
                       std::move(term), flat::Type::Real, range);
  }
  equations.push_back(flat::Equation{
      flat::Equality{std::move(*sum), make::literal(flat::Type::Real, 0, range)}, range});
}

// a1 = a2 = ... = an for potential variables; a variable appears once (MLS 9.2).
void ConnectionBuilder::emitEqualities(const std::vector<std::pair<std::uint32_t, bool>>& set,
                                       std::vector<flat::Equation>& equations, SourceRange range) {
  std::vector<std::uint32_t> variables;
  for (auto [id, outside] : set) {
    if (std::find(variables.begin(), variables.end(), id) == variables.end())
      variables.push_back(id);
  }
  for (std::size_t i = 1; i < variables.size(); ++i) {
    const flat::Variable& a = el_.variable(variables[0]).variable;
    const flat::Variable& b = el_.variable(variables[i]).variable;
    if (a.variability <= flat::Variability::Parameter &&
        b.variability <= flat::Variability::Parameter) {
      checkEqualValues(variables[0], variables[i], equations, range);
      continue; // connected parameters and constants give no equation to solve
    }
    equations.push_back(flat::Equation{flat::Equality{make::variable(variables[0], a.type, range),
                                                      make::variable(variables[i], b.type, range)},
                                       range});
  }
}

// MLS 9.3: connected parameters and constants must have the same value: checked now when
// both values are known, else by an assert at run time.
void ConnectionBuilder::checkEqualValues(std::uint32_t aId, std::uint32_t bId,
                                         std::vector<flat::Equation>& equations,
                                         SourceRange range) {
  const flat::Variable& a = el_.variable(aId).variable;
  const flat::Variable& b = el_.variable(bId).variable;
  auto x = el_.peekValue(aId);
  auto y = el_.peekValue(bId);
  if (x && y) {
    if (x->number == y->number && x->text == y->text) return;
    // Point at the values (the modifiers of the instances), not at the shared declaration.
    auto valueRange = [](const flat::Variable& v) {
      return v.binding ? v.binding->range : v.range;
    };
    auto& d = el_.diagnostics().error(DiagnosticKind::InvalidOperator, valueRange(b),
                                      "'" + a.name + "' and '" + b.name +
                                          "' are connected, so they must be equal, but their "
                                          "values differ (MLS 9.3)");
    d.notes.push_back({valueRange(a), "the value of '" + a.name + "'"});
    return;
  }
  std::string message = "connected '" + a.name + "' and '" + b.name + "' must be equal";
  flat::Expr text = make::literal(flat::Type::String, 0, range);
  text.text = message;
  flat::Expr condition =
      make::binary(flat::BinaryOp::Eq, make::variable(aId, a.type, range),
                   make::variable(bId, b.type, range), flat::Type::Boolean, range);
  equations.push_back(
      flat::Equation{flat::AssertEquation{std::move(condition), std::move(text)}, range});
}

void ModelFlattener::generateConnections() {
  ConnectionBuilder builder(el_, disabled_, graph_);
  for (std::uint32_t id : order_) {
    const ElementVariable& element = el_.variable(id);
    if (element.variable.isFlow && isConnectorElement(*element.component)) {
      builder.addFlowVariable(id);
    }
  }
  builder.checkDeclaredConnectors(order_);
  for (const PendingConnect& c : connects_)
    builder.connect(c);
  // MLS 9.1.3: the non-parameter variables declared in an expandable connector are only
  // potentially present; those no connect-equation reached are not part of the model (a use
  // of one is then an error, reported where the flat model is finished).
  std::erase_if(order_, [&](std::uint32_t id) {
    const ElementVariable& element = el_.variable(id);
    return isExpandableConnectorElement(*element.component) && !element.variable.isFlow &&
           element.variable.variability > flat::Variability::Parameter && !builder.isConnected(id);
  });
  if (!graph_.empty()) {
    auto nameOf = [&](ConnectionGraph::Node node) {
      auto named = builder.nodeNames().find(node);
      if (named != builder.nodeNames().end()) return named->second;
      const std::string& variable = el_.variable(node).variable.name; // "p.reference.gamma"
      return variable.substr(0, variable.rfind('.'));
    };
    if (!graph_.solve(el_.diagnostics(), nameOf)) return;
  }
  el_.setConnectionGraph(&graph_);
  el_.setConnectorCardinality(builder.cardinality());
  lowerDeferredEquations();
  if (!graph_.empty()) builder.finishGraphEdges(equations_);
  builder.emit(equations_);
}

} // namespace mocc::frontend
