// Deducing the range of an iterator from its uses as a subscript (MLS 10.4.1.1).
#include "iterator_range.h"

#include "flat_builders.h"
#include "function_builder.h"
#include "lower_expression.h"

namespace mocc::frontend {

namespace {

class UseCollector {
public:
  explicit UseCollector(const std::string& iterator) : iterator_(iterator) {}

  void expr(const ast::Expr& e) {
    std::visit([&](const auto& node) { visit(node); }, e.node);
  }
  void equation(const ast::Equation& e) {
    std::visit([&](const auto& node) { visit(node); }, e.node);
  }
  void statement(const ast::Statement& s) {
    std::visit([&](const auto& node) { visit(node); }, s.node);
  }

  std::vector<IteratorUse> uses;

private:
  bool isIterator(const ast::Expr& e) const {
    const auto* r = std::get_if<ast::RefExpr>(&e.node);
    return r && !r->ref.global && r->ref.parts.size() == 1 && r->ref.parts[0].ident == iterator_ &&
           r->ref.parts[0].subscripts.empty();
  }
  void ref(const ast::ComponentRef& r) {
    for (std::size_t p = 0; p < r.parts.size(); ++p) {
      const auto& subs = r.parts[p].subscripts;
      for (std::size_t d = 0; d < subs.size(); ++d) {
        if (!subs[d].value) continue;
        if (p == 0 && isIterator(*subs[d].value)) uses.push_back({&r, d});
        expr(*subs[d].value);
      }
    }
  }
  void args(const ast::FunctionArgs& a) {
    for (const auto& x : a.positional)
      expr(*x);
    for (const auto& n : a.named)
      expr(*n.value);
  }
  template <class T> void all(const std::vector<T>& list) {
    for (const T& x : list)
      each(x);
  }
  void each(const ast::Equation& e) { equation(e); }
  void each(const ast::Statement& s) { statement(s); }

  void visit(const ast::RefExpr& r) { ref(r.ref); }
  void visit(const ast::CallExpr& c) { args(c.args); }
  void visit(const ast::UnaryExpr& u) { expr(*u.operand); }
  void visit(const ast::BinaryExpr& b) {
    expr(*b.lhs);
    expr(*b.rhs);
  }
  void visit(const ast::IfExpr& i) {
    for (const auto& b : i.branches) {
      expr(*b.condition);
      expr(*b.value);
    }
    expr(*i.elseValue);
  }
  void visit(const ast::RangeExpr& r) {
    expr(*r.start);
    if (r.step) expr(*r.step);
    expr(*r.stop);
  }
  void visit(const ast::ArrayExpr& a) { args(a.args); }
  void visit(const ast::MatrixExpr& m) {
    for (const auto& row : m.rows) {
      for (const auto& x : row)
        expr(*x);
    }
  }
  void visit(const ast::TupleExpr& t) {
    for (const auto& x : t.elements) {
      if (x) expr(*x);
    }
  }
  void visit(const ast::SimpleEquation& s) {
    expr(*s.lhs);
    if (s.rhs) expr(*s.rhs);
  }
  void visit(const ast::IfEquation& i) {
    for (const auto& b : i.branches) {
      expr(*b.condition);
      all(b.body);
    }
    all(i.elseBody);
  }
  void visit(const ast::ForEquation& f) { all(f.body); }
  void visit(const ast::WhenEquation& w) {
    for (const auto& b : w.branches) {
      expr(*b.condition);
      all(b.body);
    }
  }
  void visit(const ast::CallEquation& c) { args(c.args); }
  void visit(const ast::ConnectEquation& c) {
    ref(c.a);
    ref(c.b);
  }
  void visit(const ast::AssignStatement& a) {
    ref(a.target);
    expr(*a.value);
  }
  void visit(const ast::TupleAssignStatement& t) {
    for (const auto& x : t.targets) {
      if (x) expr(*x);
    }
    args(t.args);
  }
  void visit(const ast::CallStatement& c) { args(c.args); }
  void visit(const ast::IfStatement& i) {
    for (const auto& b : i.branches) {
      expr(*b.condition);
      all(b.body);
    }
    all(i.elseBody);
  }
  void visit(const ast::ForStatement& f) { all(f.body); }
  void visit(const ast::WhileStatement& w) {
    expr(*w.condition);
    all(w.body);
  }
  void visit(const ast::WhenStatement& w) {
    for (const auto& b : w.branches) {
      expr(*b.condition);
      all(b.body);
    }
  }
  template <class T> void visit(const T&) {} // literals, break, return, ...

  const std::string& iterator_;
};

} // namespace

std::vector<IteratorUse> iteratorUses(const std::string& iterator, const ast::Expr& e) {
  UseCollector collector(iterator);
  collector.expr(e);
  return collector.uses;
}

std::vector<IteratorUse> iteratorUses(const std::string& iterator,
                                      const std::vector<ast::Equation>& equations) {
  UseCollector collector(iterator);
  for (const ast::Equation& e : equations)
    collector.equation(e);
  return collector.uses;
}

std::vector<IteratorUse> iteratorUses(const std::string& iterator,
                                      const std::vector<ast::Statement>& statements) {
  UseCollector collector(iterator);
  for (const ast::Statement& s : statements)
    collector.statement(s);
  return collector.uses;
}

namespace {

// A dimension declared by a Boolean or enumeration type (`Real x[Boolean]`) is indexed by the
// type's values, so an iterator deduced from it takes them (MLS 10.1, 10.4.1.1).
std::optional<Tensor> dimensionValues(Elaborator& el, ComponentInstance& component,
                                      std::size_t dimension) {
  const auto& subscripts = component.declaration->subscripts;
  if (!component.clause->typeSubscripts.empty() || dimension >= subscripts.size() ||
      !subscripts[dimension].value ||
      !std::holds_alternative<ast::RefExpr>(subscripts[dimension].value->node)) {
    return std::nullopt;
  }
  LowerContext context;
  context.scope = component.scope;
  auto values = ExpressionLowering(el, context).lower(*subscripts[dimension].value);
  if (!values || values->dims.size() != 1 || values->elements.empty()) return std::nullopt;
  flat::Type type = values->elements[0].type;
  if (type != flat::Type::Boolean && type != flat::Type::Enumeration) return std::nullopt;
  return values;
}

} // namespace

// The size of the subscripted dimension of the first use, from the array's declaration;
// MLS requires every use to agree, which is checked.
std::optional<Tensor> deducedRange(Elaborator& el, const ast::ForIterator& iterator,
                                   const std::vector<IteratorUse>& uses,
                                   const LowerContext& context) {
  std::optional<std::size_t> size;
  std::optional<Tensor> values;
  for (const IteratorUse& use : uses) {
    const std::string& name = use.ref->parts[0].ident;
    std::optional<std::vector<std::size_t>> dims;
    if (context.function && context.function->declares(name)) {
      if (auto value = context.function->variable(name)) dims = value->dims;
    } else if (Elaborator::Found found = el.names().lookup(name, context.scope); found.component) {
      if (const auto* d = el.dims(*found.component)) dims = *d;
      if (!values) values = dimensionValues(el, *found.component, use.dimension);
    }
    if (!dims || use.dimension >= dims->size()) continue;
    std::size_t n = (*dims)[use.dimension];
    if (size && *size != n) {
      el.diagnostics().error(DiagnosticKind::TypeMismatch, iterator.location,
                             "the range of '" + iterator.name +
                                 "' cannot be deduced: it subscripts "
                                 "dimensions of different sizes (MLS 10.4.1.1)");
      return std::nullopt;
    }
    size = n;
  }
  if (!size) {
    el.diagnostics().error(DiagnosticKind::NotConstant, iterator.location,
                           "the range of '" + iterator.name +
                               "' cannot be deduced: it is not used "
                               "as a subscript of an array (MLS 10.4.1.1)");
    return std::nullopt;
  }
  if (values && values->size() == *size) return values;
  Tensor range;
  range.dims = {*size};
  for (std::size_t i = 1; i <= *size; ++i)
    range.elements.push_back(make::integer(static_cast<long long>(i)));
  return range;
}

} // namespace mocc::frontend
