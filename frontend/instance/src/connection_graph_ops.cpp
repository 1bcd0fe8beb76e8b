// The operators of the connection graph in equations (MLS 9.4.1): Connections.branch, root
// and potentialRoot add edges and roots; if-equations that ask Connections.isRoot or rooted
// wait until the graph is solved, since their branches depend on its answer.
#include "equation_lowering.h"

#include "lower_expression.h"

namespace mocc::frontend {

namespace {

// The queries of the connection structure: the graph's and cardinality() (MLS 3.7.4.4).
bool isGraphQuery(const ast::ComponentRef& function) {
  std::string name = globalName(function);
  return name == "Connections.isRoot" || name == "Connections.rooted" || name == "rooted" ||
         name == "cardinality";
}

bool asksGraph(const ast::Expr& e) {
  if (const auto* c = std::get_if<ast::CallExpr>(&e.node)) {
    if (isGraphQuery(c->function)) return true;
    for (const ast::ExprPtr& arg : c->args.positional)
      if (asksGraph(*arg)) return true;
    return false;
  }
  if (const auto* u = std::get_if<ast::UnaryExpr>(&e.node)) return asksGraph(*u->operand);
  if (const auto* b = std::get_if<ast::BinaryExpr>(&e.node))
    return asksGraph(*b->lhs) || asksGraph(*b->rhs);
  if (const auto* i = std::get_if<ast::IfExpr>(&e.node)) {
    for (const ast::IfBranch& branch : i->branches)
      if (asksGraph(*branch.condition) || asksGraph(*branch.value)) return true;
    return asksGraph(*i->elseValue);
  }
  return false;
}

} // namespace

// The equations whose meaning depends on the solved graph or on how often a connector is
// connected: if-equations asking it in their conditions, and simple or call equations
// (assert) asking it anywhere.
bool EquationLowering::asksConnectionGraph(const ast::Equation& equation) {
  if (const auto* i = std::get_if<ast::IfEquation>(&equation.node)) {
    for (const auto& branch : i->branches)
      if (asksGraph(*branch.condition)) return true;
  } else if (const auto* s = std::get_if<ast::SimpleEquation>(&equation.node)) {
    return asksGraph(*s->lhs) || (s->rhs && asksGraph(*s->rhs));
  } else if (const auto* c = std::get_if<ast::CallEquation>(&equation.node)) {
    for (const ast::ExprPtr& arg : c->args.positional)
      if (asksGraph(*arg)) return true;
  }
  return false;
}

void EquationLowering::deferUntilGraphSolved(const ast::Equation& equation,
                                             const LowerContext& context, bool insideWhen,
                                             Equations& out) {
  bool topLevel = &out == &equations_ || &out == &initialEquations_;
  if (insideWhen || variableIfDepth_ > 0 || !topLevel) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, equation.range,
                            "Connections.isRoot, Connections.rooted and cardinality are "
                            "supported in equations that are not nested in if- or "
                            "when-equations");
    return;
  }
  DeferredEquation deferred{&equation, context, {}, &out == &initialEquations_};
  if (context.bindings) deferred.bindings = *context.bindings;
  flattener_.defer(std::move(deferred));
}

void EquationLowering::lowerDeferred(const DeferredEquation& deferred) {
  LowerContext context = deferred.context;
  context.bindings =
      deferred.bindings.empty() ? nullptr : const_cast<std::vector<Binding>*>(&deferred.bindings);
  lower(*deferred.equation, context, false, deferred.initial ? initialEquations_ : equations_);
}

// A node is named by the first variable of its overdetermined record (or by the variable of
// an overdetermined type), as connect-equations name it (connections.cpp).
std::optional<ConnectionGraph::Node> EquationLowering::graphNode(const ast::Expr& arg,
                                                                 const LowerContext& context) {
  auto value = el_.lower(arg, context);
  if (!value) return std::nullopt;
  std::vector<flat::Expr> leaves = value->leaves();
  bool node = !value->isRecordArray() && !leaves.empty() &&
              leaves.front().kind == flat::Expr::Kind::Variable;
  if (!node) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, arg.range,
                            "the argument must be an overdetermined record or type in a "
                            "connector, such as 'frame_a.R' (MLS 9.4)");
    return std::nullopt;
  }
  return leaves.front().variable;
}

void EquationLowering::connectionGraphOperator(SourceRange range, const std::string& name,
                                               const ast::FunctionArgs& args,
                                               const LowerContext& context) {
  Diagnostics& d = el_.diagnostics();
  ConnectionGraph& graph = flattener_.connectionGraph();
  std::size_t count = args.positional.size() + args.named.size();
  auto expect = [&](bool ok, const char* signature) {
    if (!ok) d.error(DiagnosticKind::WrongArguments, range, std::string("expected ") + signature);
    return ok;
  };
  if (name == "Connections.branch") {
    if (!expect(args.positional.size() == 2 && args.named.empty(), "Connections.branch(A.R, B.R)"))
      return;
    auto a = graphNode(*args.positional[0], context);
    auto b = graphNode(*args.positional[1], context);
    if (a && b) graph.addRequiredEdge(*a, *b, range);
  } else if (name == "Connections.root") {
    if (!expect(args.positional.size() == 1 && args.named.empty(), "Connections.root(A.R)")) return;
    if (auto node = graphNode(*args.positional[0], context)) graph.addRoot(*node, range);
  } else if (name == "Connections.potentialRoot") {
    if (!expect(!args.positional.empty() && count <= 2,
                "Connections.potentialRoot(A.R) or Connections.potentialRoot(A.R, priority = p)"))
      return;
    const ast::Expr* priority = args.positional.size() == 2 ? args.positional[1].get() : nullptr;
    for (const ast::NamedArgument& named : args.named) {
      if (!expect(named.name == "priority", "Connections.potentialRoot(A.R, priority = p)")) return;
      priority = named.value.get();
    }
    long long p = 0;
    if (priority) {
      auto value = el_.evaluateInteger(*priority, context, "the priority of a potential root");
      if (!value) return;
      p = *value;
    }
    if (auto node = graphNode(*args.positional[0], context))
      graph.addPotentialRoot(*node, p, range);
  } else {
    d.error(DiagnosticKind::UndefinedName, range,
            "'" + name +
                "' is not an equation operator of the connection graph (MLS 9.4: "
                "Connections.branch, root and potentialRoot)");
  }
}

void ModelFlattener::lowerDeferredEquations() {
  EquationLowering lowering(el_, *this, equations_, initialEquations_, algorithms_);
  std::size_t connects = connects_.size();
  for (const DeferredEquation& deferred : deferred_)
    lowering.lowerDeferred(deferred);
  if (connects_.size() > connects) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, connects_[connects].range,
                            "connect-equations inside if-equations that ask the connection graph "
                            "(Connections.isRoot, rooted) or cardinality are not supported");
  }
}

} // namespace mocc::frontend
