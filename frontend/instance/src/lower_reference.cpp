// Lowering names (MLS 5.3) and subscripts (MLS 10.5): iterators, `time`, components of the
// model (their flat variables), package constants (their values), enumeration literals.
#include "lower_expression.h"

#include "flat_builders.h"
#include "function_builder.h"
#include "name_suggestion.h"

#include <fmt/format.h>

#include <algorithm>
#include <span>

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

namespace {

// A node belongs to the simulated model when its chain of parents reaches the model's root;
// package instances (for constants) have no parent.
bool isRecordKind(ast::ClassKind kind) {
  return kind == ast::ClassKind::Record || kind == ast::ClassKind::OperatorRecord;
}

/// Records, and connectors defined as a record with a causality (`connector ComplexOutput =
/// output Complex`), have values.
bool hasRecordValue(const InstanceNode& node) {
  if (isRecordKind(node.kind)) return true;
  const ClassEntry* base = node.definition;
  return node.kind == ast::ClassKind::Connector && base && base->definition &&
         isRecordKind(base->definition->kind);
}

bool isInModel(const InstanceNode* node) {
  while (node && node->parent)
    node = node->parent;
  return node && node->path.empty() && !node->component;
}

// The row-major linear indices of the positions that per-dimension index lists select.
std::vector<std::size_t> selectLinear(const std::vector<std::size_t>& dims,
                                      const std::vector<std::vector<std::size_t>>& indices) {
  std::vector<std::size_t> position(dims.size(), 0);
  std::size_t total = 1;
  for (const auto& list : indices)
    total *= list.size();
  std::vector<std::size_t> linears;
  linears.reserve(total);
  for (std::size_t k = 0; k < total; ++k) {
    std::size_t rest = k, linear = 0;
    for (std::size_t d = dims.size(); d-- > 0;) {
      position[d] = rest % indices[d].size();
      rest /= indices[d].size();
    }
    for (std::size_t d = 0; d < dims.size(); ++d)
      linear = linear * dims[d] + (indices[d][position[d]] - 1);
    linears.push_back(linear);
  }
  return linears;
}

} // namespace

namespace {

/// A subscript of a model equation that changes during simulation and that mocc resolves by
/// choosing among the dimension's elements: a Boolean, enumeration or Integer expression that
/// does not fold to a constant.
bool isRunTimeIndex(const Expr& index, Elaborator& el) {
  return (index.type == Type::Boolean || index.type == Type::Enumeration ||
          index.type == Type::Integer) &&
         !el.fold(index);
}

/// Whether a subscript of `type` may index a dimension indexed by `kind` (MLS 10.5.1). A Real
/// subscript of an Integer dimension is reported where its value is known.
bool indexes(Type type, IndexKind kind) {
  switch (kind) {
  case IndexKind::Boolean: return type == Type::Boolean;
  case IndexKind::Enumeration: return type == Type::Enumeration;
  default: return type != Type::Boolean && type != Type::Enumeration;
  }
}

const char* spelling(IndexKind kind) {
  switch (kind) {
  case IndexKind::Boolean: return "Boolean values";
  case IndexKind::Enumeration: return "enumeration values";
  default: return "Integer size";
  }
}

/// `1 <= index and index <= size`: the condition an Integer subscript must meet.
Expr withinRange(const Expr& index, std::size_t size) {
  Expr low = make::binary(flat::BinaryOp::Ge, index, make::integer(1), Type::Boolean, index.range);
  Expr high = make::binary(flat::BinaryOp::Le, index, make::integer(static_cast<long long>(size)),
                           Type::Boolean, index.range);
  return make::binary(flat::BinaryOp::And, std::move(low), std::move(high), Type::Boolean,
                      index.range);
}

/// `index == k` for the k-th element (from 1) of a dimension indexed by Booleans (false,
/// true) or an enumeration (its literals in order), MLS 10.5.1.
Expr selects(const Expr& index, std::size_t k) {
  if (index.type == Type::Boolean) {
    Expr value = make::literal(Type::Boolean, static_cast<double>(k - 1), index.range);
    return make::binary(flat::BinaryOp::Eq, index, value, Type::Boolean, index.range);
  }
  Expr ordinal = index.type == Type::Integer
                     ? index
                     : make::call("integer", Type::Integer, {index}, index.range);
  return make::binary(flat::BinaryOp::Eq, ordinal, make::integer(static_cast<long long>(k)),
                      Type::Boolean, index.range);
}

/// Removes dimension `p` of `t` by choosing its element `index`: an if-expression over all of
/// the dimension's elements, which Boolean and enumeration indices always hit. An Integer
/// index outside the dimension takes the last element: in an expression such as
/// `if i == 0 then y0 else x[i]` the branch is not taken then; an assignment target checks its
/// range first (targetRangeChecks), and so does an always-evaluated read (readRangeChecks).
Tensor chooseAlong(const Tensor& t, std::size_t p, const Expr& index) {
  std::size_t n = t.dims[p], inner = 1, outer = 1;
  for (std::size_t d = 0; d < t.dims.size(); ++d)
    (d < p ? outer : inner) *= d == p ? 1 : t.dims[d];
  Tensor result;
  result.dims = t.dims;
  result.dims.erase(result.dims.begin() + static_cast<std::ptrdiff_t>(p));
  for (std::size_t o = 0; o < outer; ++o) {
    for (std::size_t i = 0; i < inner; ++i) {
      auto at = [&](std::size_t k) -> const Expr& {
        return t.elements[(o * n + k - 1) * inner + i];
      };
      Expr chosen = at(n);
      for (std::size_t k = n - 1; k >= 1; --k)
        chosen =
            make::ifThenElse(selects(index, k), at(k), std::move(chosen), at(k).type, index.range);
      result.elements.push_back(std::move(chosen));
    }
  }
  return result;
}

/// The run-time subscripts of a selection chosen, from the last kept dimension back so that
/// the earlier positions stay.
Tensor chooseAtRunTime(Tensor selected, const std::vector<std::optional<Expr>>& runTime) {
  for (std::size_t p = runTime.size(); p-- > 0;)
    if (runTime[p]) selected = chooseAlong(selected, p, *runTime[p]);
  return selected;
}

} // namespace

std::optional<std::vector<std::size_t>>
ExpressionLowering::subscriptIndices(const ast::Subscript& s, std::size_t size,
                                     std::optional<IndexKind> kind, bool& keepsDim,
                                     std::optional<Expr>& runTime) {
  std::vector<std::size_t> indices;
  if (!s.value) {
    keepsDim = true;
    for (std::size_t i = 1; i <= size; ++i)
      indices.push_back(i);
    return indices;
  }
  LowerContext inner = context_;
  inner.end = size;
  auto value = ExpressionLowering(el_, inner).lower(*s.value);
  if (!value) return std::nullopt;
  if (kind && !value->elements.empty() && !indexes(value->elements[0].type, *kind)) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                            fmt::format("a subscript of type {} cannot index a dimension of {} "
                                        "(MLS 10.5.1: the index has the type of the dimension)",
                                        flat::spelling(value->elements[0].type), spelling(*kind)));
    return std::nullopt;
  }
  keepsDim = !value->isScalar();
  if (value->isScalar() && !context_.function && isRunTimeIndex(value->scalarValue(), el_)) {
    // Taken whole here; select() chooses the element (MLS 10.5).
    runTime = value->scalarValue();
    if (runTime->type == Type::Integer && context_.targetRangeChecks)
      context_.targetRangeChecks->push_back(withinRange(*runTime, size));
    if (runTime->type == Type::Integer && context_.readRangeChecks) {
      std::string where = el_.tree().sources().describe(s.range.begin);
      context_.readRangeChecks->push_back(
          {withinRange(*runTime, size),
           Expr::string(
               fmt::format("the array subscript at {} is outside 1..{} (MLS 10.5)", where, size),
               s.range)});
    }
    keepsDim = true;
    for (std::size_t i = 1; i <= size; ++i)
      indices.push_back(i);
    return indices;
  }
  for (const Expr& element : value->elements) {
    auto folded = el_.fold(element);
    if (!folded) {
      el_.diagnostics().error(DiagnosticKind::Unsupported, s.range,
                              "a subscript must be an Integer, Boolean or enumeration "
                              "expression");
      return std::nullopt;
    }
    // Boolean dimensions are indexed false, true and enumerations by their literals
    // (MLS 10.5.1); both map to positions from 1.
    double position = folded->type == Type::Boolean ? folded->number + 1 : folded->number;
    if (folded->type == Type::Real || position < 1 || position > static_cast<double>(size)) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, s.range,
                              "subscript " +
                                  (folded->type == Type::Real
                                       ? std::string("must be an Integer")
                                       : std::to_string(static_cast<long long>(position)) +
                                             " is outside 1.." + std::to_string(size)));
      return std::nullopt;
    }
    indices.push_back(static_cast<std::size_t>(position));
  }
  return indices;
}

std::optional<ExpressionLowering::Selection>
ExpressionLowering::selection(const std::vector<std::size_t>& dims,
                              const std::vector<ast::Subscript>& subs, const ast::Expr& e,
                              const std::vector<IndexKind>* kinds) {
  Selection s;
  if (subs.empty()) {
    s.dims = dims;
    s.linear.resize(elementCount(dims));
    for (std::size_t k = 0; k < s.linear.size(); ++k)
      s.linear[k] = k;
    s.runTime.resize(dims.size());
    for (std::size_t d = 0; d < dims.size(); ++d)
      s.from.push_back(d);
    return s;
  }
  if (subs.size() > dims.size()) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                            "too many subscripts: " + std::to_string(subs.size()) + " for " +
                                std::to_string(dims.size()) + " dimensions");
    return std::nullopt;
  }
  std::vector<std::vector<std::size_t>> indices(dims.size());
  for (std::size_t d = 0; d < dims.size(); ++d) {
    bool keep = true;
    std::optional<Expr> runTime;
    if (d < subs.size()) {
      std::optional<IndexKind> kind;
      if (kinds && d < kinds->size()) kind = (*kinds)[d];
      auto list = subscriptIndices(subs[d], dims[d], kind, keep, runTime);
      if (!list) return std::nullopt;
      indices[d] = std::move(*list);
    } else {
      for (std::size_t i = 1; i <= dims[d]; ++i)
        indices[d].push_back(i);
    }
    if (keep) {
      s.dims.push_back(indices[d].size());
      s.from.push_back(d);
      s.runTime.push_back(std::move(runTime));
    }
  }
  s.linear = selectLinear(dims, indices);
  return s;
}

std::optional<Tensor> ExpressionLowering::subscript(const Tensor& value,
                                                    const std::vector<ast::Subscript>& subs,
                                                    const ast::Expr& e,
                                                    const std::vector<IndexKind>* kinds) {
  if (subs.empty()) return value;
  auto s = selection(value.dims, subs, e, kinds);
  if (!s) return std::nullopt;
  bool runTime = std::any_of(s->runTime.begin(), s->runTime.end(),
                             [](const std::optional<Expr>& index) { return index.has_value(); });
  if (value.isRecordArray() && runTime) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            "subscripts of arrays of records that change during simulation are "
                            "not supported yet");
    return std::nullopt;
  }
  return select(value, *s);
}

Tensor ExpressionLowering::select(const Tensor& value, const Selection& s) {
  if (value.isRecordArray()) {
    std::vector<Tensor> records;
    for (std::size_t linear : s.linear)
      records.push_back(value.records[linear]);
    if (s.dims.empty() && records.size() == 1) return records.front();
    return Tensor::recordArray(s.dims, std::move(records), value.recordType);
  }
  Tensor result;
  result.dims = s.dims;
  result.elements.reserve(s.linear.size());
  for (std::size_t linear : s.linear)
    result.elements.push_back(value.elements[linear]);
  return chooseAtRunTime(std::move(result), s.runTime);
}

// r.a.b names the field variable "r.a.b". An array of records is stored field by field
// (`Complex c[n]` as c.re[n] and c.im[n]), so the subscripts of every part apply, in order, to
// the field variables: c[i].re is c.re[i], and c[i] the record of c.re[i] and c.im[i].
std::optional<Tensor> ExpressionLowering::functionComponent(const ast::Expr& e,
                                                            const ast::ComponentRef& ref) {
  const FunctionBuilder& function = *context_.function;
  std::string name;
  std::vector<const ast::Subscript*> subscripts;
  std::size_t lastSubscripted = 0;
  for (std::size_t i = 0; i < ref.parts.size(); ++i) {
    if (!ref.parts[i].subscripts.empty()) lastSubscripted = i;
  }
  for (std::size_t i = 0; i < ref.parts.size(); ++i) {
    const ast::RefPart& part = ref.parts[i];
    name += (i ? "." : "") + part.ident;
    if (!function.declares(name)) {
      el_.diagnostics().error(DiagnosticKind::UndefinedName, e.range,
                              "'" + ref.str() + "' is not a variable of this function");
      return std::nullopt;
    }
    std::size_t rank = function.rank(name);
    if (subscripts.size() + part.subscripts.size() > rank) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                              "too many subscripts for '" + ref.str() + "'");
      return std::nullopt;
    }
    for (const ast::Subscript& s : part.subscripts)
      subscripts.push_back(&s);
    // c[:, 1] of c[n, m] with nothing after it needs no padding; c[1].x[2] of c[n, m] does.
    if (i < lastSubscripted) subscripts.resize(rank, nullptr);
  }
  return functionValue(e, name, subscripts);
}

std::optional<Tensor>
ExpressionLowering::functionValue(const ast::Expr& e, const std::string& name,
                                  const std::vector<const ast::Subscript*>& subscripts) {
  const FunctionBuilder& function = *context_.function;
  const FunctionBuilder::RecordLayout* layout = function.record(name);
  if (!layout) return functionReference(e, name, subscripts);
  if (subscripts.empty()) return function.variable(name);
  std::vector<Tensor> columns;
  std::vector<std::size_t> dims;
  for (const std::string& field : layout->fields) {
    std::string fieldName = name + "." + field;
    auto column = functionValue(e, fieldName, subscripts);
    if (!column) return std::nullopt;
    std::size_t ownRank = function.rank(fieldName) - layout->dims.size();
    dims.assign(column->dims.begin(), column->dims.end() - static_cast<std::ptrdiff_t>(ownRank));
    columns.push_back(std::move(*column));
  }
  return recordsFromColumns(layout->type, dims, layout->fields, std::move(columns));
}

// Inside a function, subscripts may change at run time: `x[i]` in a loop. Each dimension
// takes a run-time index (and disappears) or a constant list of indices (and stays).
std::optional<Tensor>
ExpressionLowering::functionReference(const ast::Expr& e, const std::string& name,
                                      const std::vector<const ast::Subscript*>& subscripts) {
  const FunctionBuilder& function = *context_.function;
  if (subscripts.empty()) return function.variable(name);
  auto found = function.index(name);
  if (!found) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            "'" + name + "' cannot be subscripted");
    return std::nullopt;
  }
  std::uint32_t index = *found;
  const flat::FunctionVariable& v = function.function().variables[index];
  if (subscripts.size() > v.dims.size()) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                            "too many subscripts for '" + name + "'");
    return std::nullopt;
  }
  struct Axis {
    std::optional<Expr> runtime;
    std::vector<std::size_t> constant;
    std::vector<Expr> slice; // a slice whose indices are known at run time only (i:i+1)
  };
  std::vector<Axis> axes(v.dims.size());
  for (std::size_t d = 0; d < v.dims.size(); ++d) {
    Axis& axis = axes[d];
    if (d >= subscripts.size() || !subscripts[d] || !subscripts[d]->value) {
      for (std::size_t i = 1; i <= v.dims[d]; ++i)
        axis.constant.push_back(i);
      continue;
    }
    LowerContext inner = context_;
    inner.end = v.dims[d];
    auto value = ExpressionLowering(el_, inner).lower(*subscripts[d]->value);
    if (!value) return std::nullopt;
    if (value->isScalar()) {
      Expr index = value->scalarValue();
      if (index.type != Type::Integer && index.type != Type::Enumeration &&
          index.type != Type::Boolean) {
        el_.diagnostics().error(DiagnosticKind::TypeMismatch, subscripts[d]->range,
                                "a subscript must be an Integer");
        return std::nullopt;
      }
      axis.runtime = std::move(index);
      continue;
    }
    bool constant = std::all_of(value->elements.begin(), value->elements.end(),
                                [&](const Expr& x) { return el_.fold(x, context_.function); });
    if (!constant) {
      axis.slice = value->elements; // checked at run time like any element offset
      continue;
    }
    auto folded = foldAll(el_, *value, e, "a slice subscript", context_.function);
    if (!folded) return std::nullopt;
    for (const ConstValue& c : *folded)
      axis.constant.push_back(static_cast<std::size_t>(c.number));
  }
  Tensor result;
  std::size_t total = 1;
  for (const Axis& axis : axes) {
    if (!axis.runtime) {
      std::size_t n = axis.slice.empty() ? axis.constant.size() : axis.slice.size();
      result.dims.push_back(n);
      total *= n;
    }
  }
  for (std::size_t k = 0; k < total; ++k) {
    Expr element;
    element.kind = Expr::Kind::LocalElement;
    element.type = v.type;
    element.variable = index;
    element.range = e.range;
    std::size_t rest = k;
    std::vector<Expr> args(axes.size());
    for (std::size_t d = axes.size(); d-- > 0;) {
      if (axes[d].runtime) {
        args[d] = *axes[d].runtime;
        continue;
      }
      if (!axes[d].slice.empty()) {
        std::size_t n = axes[d].slice.size();
        args[d] = axes[d].slice[rest % n];
        rest /= n;
        continue;
      }
      std::size_t n = axes[d].constant.size();
      args[d] = make::integer(static_cast<long long>(axes[d].constant[rest % n]));
      rest /= n;
    }
    element.args = std::move(args);
    result.elements.push_back(std::move(element));
  }
  return result;
}

// Strings exist during translation only: a String parameter or constant is used by value.
std::optional<Tensor> ExpressionLowering::reference(const ast::Expr& e,
                                                    const ast::ComponentRef& ref) {
  auto value = referenceValue(e, ref);
  if (!value || value->isRecord()) return value;
  for (Expr& element : value->elements) {
    if (element.kind != Expr::Kind::Variable || element.type != Type::String) continue;
    if (auto text = el_.fold(element, context_.function))
      element = Expr::string(text->text, element.range);
  }
  return value;
}

std::optional<Tensor> ExpressionLowering::referenceValue(const ast::Expr& e,
                                                         const ast::ComponentRef& ref) {
  const ast::RefPart& first = ref.parts.front();
  if (!ref.global && context_.bindings) {
    for (auto it = context_.bindings->rbegin(); it != context_.bindings->rend(); ++it) {
      if (it->name != first.ident) continue;
      if (ref.parts.size() > 1) {
        el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                                "'" + ref.str() + "': iterators have no components");
        return std::nullopt;
      }
      return subscript(it->value, first.subscripts, e);
    }
  }
  if (!ref.global && context_.function && context_.function->declares(first.ident))
    return functionComponent(e, ref);
  if (!ref.global && ref.parts.size() == 1 && first.ident == "time") {
    if (context_.function) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                              "'time' cannot be used inside a function (MLS 12.2)");
      return std::nullopt;
    }
    // MLS 3.6.7: time is a built-in variable of models and blocks; a record or a connector
    // describes data that does not depend on the simulation's clock by itself.
    const ClassEntry* lexical = context_.scope.lexical;
    if (lexical && lexical->definition) {
      ast::ClassKind kind = lexical->definition->kind;
      if (kind == ast::ClassKind::Record || kind == ast::ClassKind::OperatorRecord ||
          ast::isConnectorKind(kind)) {
        el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                                fmt::format("'time' is not available in {} '{}': only models "
                                            "and blocks have it (MLS 3.6.7)",
                                            ast::spelling(kind), lexical->definition->name));
        return std::nullopt;
      }
    }
    Expr t;
    t.kind = Expr::Kind::Time;
    t.type = Type::Real;
    t.range = e.range;
    return Tensor::scalar(t);
  }
  Elaborator::Found found;
  if (ref.global) {
    if (ClassEntry* entry = el_.tree().member(el_.tree().root(), first.ident)) {
      found.cls = entry;
      found.classScope = Scope{nullptr, &el_.tree().root()};
    }
  } else {
    found = el_.names().lookup(first.ident, context_.scope);
  }
  if (!found) {
    auto& d = el_.diagnostics().error(DiagnosticKind::UndefinedName, e.range,
                                      "undefined name '" + first.ident + "'");
    if (auto suggestion = nearestName(first.ident, el_.names().visibleNames(context_.scope))) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    }
    return std::nullopt;
  }
  if (found.cls) return classMemberReference(e, ref, found);
  return navigate(e, ref, 0, {found.owner}, {}, found.component);
}

// Follows `a[i].b.c[j]` through instances: each part selects components of the current
// selection of instances; the last part names a variable.
std::optional<Tensor> ExpressionLowering::navigate(const ast::Expr& e, const ast::ComponentRef& ref,
                                                   std::size_t part,
                                                   std::vector<InstanceNode*> nodes,
                                                   std::vector<std::size_t> dims,
                                                   ComponentInstance* firstComponent) {
  if (nodes.empty()) {
    // A subscript selected none of an array of components (size 0, MLS 10.1): whatever lies
    // below them, the value is an empty array of the dimensions selected so far.
    Tensor empty;
    empty.dims = dims.empty() ? std::vector<std::size_t>{0} : dims;
    return empty;
  }
  const ast::RefPart& current = ref.parts[part];
  bool last = part + 1 == ref.parts.size();
  std::vector<ComponentInstance*> components;
  for (InstanceNode* node : nodes) {
    ComponentInstance* c = firstComponent ? firstComponent : node->findComponent(current.ident);
    if (c && NameLookup::refersToOuter(*c, part == 0)) {
      ComponentInstance* outer = c;
      c = el_.names().innerOf(*c, current.range);
      // MLS 5.4: names below an outer element are those of its own (declared) type, even
      // when the inner element's type has more.
      if (c && c != outer && !last) {
        InstanceNode* declared = el_.typeInstance(*outer);
        const std::string& next = ref.parts[part + 1].ident;
        if (declared && !declared->isPredefined() && !declared->findComponent(next)) {
          el_.diagnostics().error(DiagnosticKind::UndefinedName, ref.parts[part + 1].range,
                                  "'" + ref.str() + "': '" + next +
                                      "' is not an element of the type of outer '" + current.ident +
                                      "' (MLS 5.4)");
          return std::nullopt;
        }
      }
    }
    if (!c && firstComponent) return std::nullopt;
    if (!c) {
      el_.diagnostics().error(DiagnosticKind::UndefinedName, current.range,
                              "'" + ref.str() + "': '" + node->entry->qualifiedName() +
                                  "' has no component '" + current.ident + "'");
      return std::nullopt;
    }
    if (!firstComponent && c->isProtected) {
      el_.names().reportProtectedAccess(current.ident, node->entry->qualifiedName(), current.range);
    }
    if (c->declaration->condition) {
      // MLS 4.4.5: it may be absent, so only connect-equations (which vanish with it) name it.
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, current.range,
                              (ref.parts.size() > 1 ? "'" + ref.str() + "': '" : "'") +
                                  current.ident +
                                  "' is a conditional component; it can only be used in "
                                  "connect-equations (MLS 4.4.5)");
      return std::nullopt;
    }
    components.push_back(c);
  }
  if (el_.isScalarType(*components.front())) {
    if (!last) {
      el_.diagnostics().error(DiagnosticKind::UndefinedName, ref.parts[part + 1].range,
                              "'" + current.ident + "' is a variable and has no component '" +
                                  ref.parts[part + 1].ident + "'");
      return std::nullopt;
    }
    Tensor result;
    result.dims = dims;
    for (ComponentInstance* c : components) {
      auto selected = componentValue(*c, c->owner, e, current.subscripts);
      if (!selected) return std::nullopt;
      if (c == components.front()) {
        result.dims.insert(result.dims.end(), selected->dims.begin(), selected->dims.end());
      }
      for (Expr& x : selected->elements)
        result.elements.push_back(std::move(x));
    }
    return result;
  }
  // A component of class type: select its element instances.
  std::vector<InstanceNode*> next;
  std::vector<std::size_t> nextDims = dims;
  for (ComponentInstance* c : components) {
    auto* elements = el_.elements(*c);
    const auto* sizes = el_.dims(*c);
    if (!elements || !sizes) return std::nullopt;
    Tensor indexTensor; // positions stand in for the instances while subscripting
    indexTensor.dims = *sizes;
    for (std::size_t k = 0; k < elements->size(); ++k) {
      indexTensor.elements.push_back(make::integer(static_cast<long long>(k)));
    }
    auto selected = subscript(indexTensor, current.subscripts, e);
    if (!selected) return std::nullopt;
    if (c == components.front()) {
      nextDims.insert(nextDims.end(), selected->dims.begin(), selected->dims.end());
    }
    for (const Expr& position : selected->elements) {
      next.push_back((*elements)[static_cast<std::size_t>(position.number)]);
    }
  }
  if (last) {
    bool record = !next.empty() && (hasRecordValue(*next.front()) ||
                                    (connectorValues_ && ast::isConnectorKind(next.front()->kind)));
    if (record && nextDims.empty()) return recordValue(*next.front(), e);
    if (record) return recordArrayValue(next, nextDims, e);
    el_.diagnostics().error(
        DiagnosticKind::Unsupported, e.range,
        "'" + ref.str() + "' is " +
            (record ? "an array of records; arrays of records cannot be used "
                      "as values yet"
                    : std::string("a ") +
                          ast::spelling(next.empty() ? ast::ClassKind::Class : next.front()->kind) +
                          " component and has no value (only records do)"));
    return std::nullopt;
  }
  return navigate(e, ref, part + 1, std::move(next), std::move(nextDims), nullptr);
}

// A component of record type as a value: its fields in declaration order (MLS 12.6).
std::optional<Tensor> ExpressionLowering::recordValue(InstanceNode& node, const ast::Expr& e) {
  Tensor record;
  record.recordType = node.entry;
  for (ComponentInstance& field : node.components) {
    std::optional<Tensor> value;
    if (el_.isScalarType(field)) {
      value = componentValue(field, &node, e);
    } else {
      auto* elements = el_.elements(field);
      const auto* sizes = el_.dims(field);
      if (!elements || !sizes) return std::nullopt;
      value = sizes->empty() ? recordValue(*elements->front(), e)
                             : recordArrayValue(*elements, *sizes, e);
    }
    if (!value) return std::nullopt;
    record.fieldNames.push_back(field.name);
    record.fieldValues.push_back(std::move(*value));
  }
  return record;
}

// An array of record instances as a value: each element's record value (MLS 10, 12.6).
std::optional<Tensor> ExpressionLowering::recordArrayValue(const std::vector<InstanceNode*>& nodes,
                                                           const std::vector<std::size_t>& dims,
                                                           const ast::Expr& e) {
  std::vector<Tensor> records;
  // A component array of size 0 keeps one element instance to describe its type.
  std::size_t count = std::min(nodes.size(), elementCount(dims));
  for (InstanceNode* node : std::span(nodes).first(count)) {
    auto value = recordValue(*node, e);
    if (!value) return std::nullopt;
    records.push_back(std::move(*value));
  }
  const ClassEntry* type = nodes.empty() ? nullptr : nodes.front()->entry;
  return Tensor::recordArray(dims, std::move(records), type);
}

// The variables of a component of scalar type; constants of packages and enclosing classes
// (outside the simulated model) stand for their values.
std::optional<Tensor>
ExpressionLowering::componentValue(ComponentInstance& component, InstanceNode* owner,
                                   const ast::Expr& e,
                                   const std::vector<ast::Subscript>& subscripts) {
  std::string path =
      owner && !owner->path.empty() ? owner->path + "." + component.name : component.name;
  std::uint32_t first = el_.variablesOf(component, path);
  const auto* sizes = el_.dims(component);
  if (first == UINT32_MAX || !sizes) return std::nullopt;
  Tensor result;
  if (isInModel(owner)) {
    auto selected = selection(*sizes, subscripts, e, &component.dimIndexKinds);
    if (!selected) return std::nullopt;
    result.dims = std::move(selected->dims);
    result.elements.reserve(selected->linear.size());
    for (std::size_t linear : selected->linear) {
      std::uint32_t id = first + static_cast<std::uint32_t>(linear);
      result.elements.push_back(make::variable(id, el_.variable(id).variable.type, e.range));
    }
    return chooseAtRunTime(std::move(result), selected->runTime);
  }
  // Package constants: every element is checked before the subscripts are.
  result.dims = *sizes;
  for (std::size_t k = 0; k < elementCount(*sizes); ++k) {
    std::uint32_t id = first + static_cast<std::uint32_t>(k);
    const flat::Variable& v = el_.variable(id).variable;
    if (v.variability != flat::Variability::Constant) {
      el_.diagnostics().error(DiagnosticKind::NotConstant, e.range,
                              "'" + v.name +
                                  "' is not a constant; only constants can be used "
                                  "from packages and enclosing classes (MLS 5.3.2)");
      return std::nullopt;
    }
    el_.lowerVariable(id);
    const flat::Variable& lowered = el_.variable(id).variable;
    if (!lowered.binding) {
      el_.diagnostics().error(DiagnosticKind::MissingBinding, e.range,
                              "constant '" + v.name + "' has no value");
      return std::nullopt;
    }
    Expr value = *lowered.binding;
    if (auto folded = el_.fold(value); folded && folded->type != Type::Enumeration) {
      value = folded->type == Type::String ? Expr::string(folded->text, e.range)
                                           : make::literal(folded->type, folded->number, e.range);
    }
    result.elements.push_back(std::move(value));
  }
  return subscript(result, subscripts, e, &component.dimIndexKinds);
}

std::optional<Tensor> ExpressionLowering::classMemberReference(const ast::Expr& e,
                                                               const ast::ComponentRef& ref,
                                                               Elaborator::Found found) {
  for (std::size_t part = 1; part < ref.parts.size(); ++part) {
    const std::string& name = ref.parts[part].ident;
    InstanceNode* type = el_.packageInstance(*found.cls);
    if (type->isEnumeration()) {
      if (part + 1 != ref.parts.size()) break;
      return enumerationLiteral(*found.cls, *type, name, e);
    }
    Elaborator::Found next = el_.names().memberAccess(*found.cls, name, ref.parts[part].range);
    if (!next) {
      el_.diagnostics().error(DiagnosticKind::UndefinedName, ref.parts[part].range,
                              "'" + found.cls->qualifiedName() + "' has no element '" + name + "'");
      return std::nullopt;
    }
    if (next.component) return navigate(e, ref, part, {next.owner}, {}, next.component);
    found = next;
  }
  // Boolean and enumeration types stand for all their values as array dimensions and
  // ranges: `Real x[Boolean]`, `for e in E loop` (MLS 10.1, 11.2.2.1).
  if (auto values = typeValues(*found.cls, e)) return values;
  el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                          "'" + ref.str() + "' is a class, not a value");
  return std::nullopt;
}

std::optional<Tensor> ExpressionLowering::typeValues(const ClassEntry& type, const ast::Expr& e) {
  Tensor result;
  InstanceNode* instance = type.definition ? el_.packageInstance(type) : nullptr;
  if (type.predefined == Predefined::Boolean ||
      (instance && instance->predefined == Predefined::Boolean)) {
    result.elements = {make::literal(Type::Boolean, 0, e.range),
                       make::literal(Type::Boolean, 1, e.range)};
  } else if (instance) {
    if (!instance->isEnumeration()) return std::nullopt;
    for (std::size_t i = 0; i < instance->enumeration.size(); ++i) {
      Expr literal = make::literal(Type::Enumeration, static_cast<double>(i + 1), e.range);
      literal.text = type.qualifiedName() + "." + instance->enumeration[i];
      result.elements.push_back(std::move(literal));
    }
  } else {
    return std::nullopt;
  }
  result.dims = {result.elements.size()};
  return result;
}

std::optional<Tensor> ExpressionLowering::enumerationLiteral(const ClassEntry& type,
                                                             InstanceNode& instance,
                                                             const std::string& literal,
                                                             const ast::Expr& e) {
  for (std::size_t i = 0; i < instance.enumeration.size(); ++i) {
    if (instance.enumeration[i] != literal) continue;
    Expr value = make::literal(Type::Enumeration, static_cast<double>(i + 1), e.range);
    value.text = type.qualifiedName() + "." + literal;
    return Tensor::scalar(value);
  }
  auto& d =
      el_.diagnostics().error(DiagnosticKind::UndefinedName, e.range,
                              "'" + literal + "' is not a literal of " + type.qualifiedName());
  if (auto suggestion = nearestName(literal, instance.enumeration)) {
    d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
  }
  return std::nullopt;
}

} // namespace mocc::frontend
