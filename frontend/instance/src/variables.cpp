// The scalar variables components flatten into: names, types, prefixes (inherited from
// enclosing components, MLS 4.4.2), and their bindings and attributes, lowered on demand.
#include "elaborator.h"

#include "name_suggestion.h"

#include <algorithm>

namespace mocc::frontend {

flat::Type flatType(const InstanceNode& type) {
  if (type.isEnumeration()) return flat::Type::Enumeration;
  switch (type.predefined) {
  case Predefined::Integer: return flat::Type::Integer;
  case Predefined::Boolean: return flat::Type::Boolean;
  case Predefined::String: return flat::Type::String;
  // The handle the constructor returns, kept as an exact Integer (MLS 12.9.7).
  case Predefined::ExternalObject: return flat::Type::Integer;
  default: return flat::Type::Real;
  }
}

namespace {

flat::Variability prefixVariability(ast::Variability v) {
  switch (v) {
  case ast::Variability::Constant: return flat::Variability::Constant;
  case ast::Variability::Parameter: return flat::Variability::Parameter;
  case ast::Variability::Discrete: return flat::Variability::Discrete;
  default: return flat::Variability::Continuous;
  }
}

// The most restrictive variability and the innermost causality along the chain of
// components that contain this one (`parameter Record r` makes its fields parameters); a
// component's causality is its own prefix, else the one its type gives.
void applyEnclosingPrefixes(const ComponentInstance& component, const InstanceNode& type,
                            flat::Variable& v) {
  flat::Variability variability = prefixVariability(component.clause->prefix.variability);
  ast::Causality causality = component.clause->prefix.causality;
  if (causality == ast::Causality::None) causality = type.causality;
  bool isProtected = component.isProtected;
  for (const InstanceNode* node = component.owner; node && node->component;
       node = node->component->owner) {
    const ComponentInstance& outer = *node->component;
    variability = std::min(variability, prefixVariability(outer.clause->prefix.variability));
    if (causality == ast::Causality::None) causality = outer.clause->prefix.causality;
    if (causality == ast::Causality::None) causality = node->causality;
    isProtected = isProtected || outer.isProtected;
  }
  v.variability = variability;
  v.causality = causality == ast::Causality::Input    ? flat::Causality::Input
                : causality == ast::Causality::Output ? flat::Causality::Output
                                                      : flat::Causality::None;
  v.isProtected = isProtected;
}

// MLS 4.8: the attributes of each predefined type.
std::vector<std::string> attributeNames(flat::Type type) {
  switch (type) {
  case flat::Type::Real:
    return {"quantity", "unit",  "displayUnit", "min",       "max",
            "start",    "fixed", "nominal",     "unbounded", "stateSelect"};
  case flat::Type::Integer:
  case flat::Type::Enumeration: return {"quantity", "min", "max", "start", "fixed"};
  default: return {"quantity", "start", "fixed"};
  }
}

// MLS 18.3: `annotation(Evaluate = true)` asks that the parameter's value be used during
// translation. The MSL's reference results were made so (Dymola with `Evaluate := false`
// still evaluates these), and the MSL relies on it (a junction capacitance CapVal = 0 takes
// der(v) out of the system).
bool asksForEvaluation(const ast::Comment& comment) {
  if (!comment.annotation) return false;
  for (const ast::Argument& argument : comment.annotation->arguments) {
    if (!argument.modification || argument.modification->name.str() != "Evaluate") continue;
    const auto& modification = argument.modification->modification;
    if (!modification || !modification->value || !modification->value->value) continue;
    if (auto* b = std::get_if<ast::BooleanLiteral>(&modification->value->value->node))
      return b->value;
  }
  return false;
}

} // namespace

std::uint32_t Elaborator::variablesOf(ComponentInstance& component, const std::string& path) {
  if (auto found = firstVariable_.find(&component); found != firstVariable_.end()) {
    return found->second;
  }
  firstVariable_[&component] = UINT32_MAX; // until it is complete (and after an error)
  InstanceNode* type = typeInstance(component);
  const std::vector<std::size_t>* sizes = dims(component);
  if (!type || !sizes) return UINT32_MAX;
  if (type->unspecifiedEnumeration) {
    diagnostics().error(DiagnosticKind::TypeMismatch, component.declaration->range,
                        "the type of '" + component.name +
                            "' is enumeration(:), whose literals are given only by a "
                            "redeclaration (MLS 4.8.5)");
    return UINT32_MAX;
  }
  auto first = static_cast<std::uint32_t>(variables_.size());
  std::size_t count = elementCount(*sizes);
  for (std::size_t k = 0; k < count; ++k) {
    ElementVariable element;
    element.component = &component;
    element.subscripts = subscriptsOf(k, *sizes);
    flat::Variable& v = element.variable;
    v.name = path + subscriptText(element.subscripts);
    v.type = flatType(*type);
    if (type->isEnumeration()) v.typeName = type->enumerationType->qualifiedName();
    applyEnclosingPrefixes(component, *type, v);
    // Integer, Boolean, String and enumeration variables are discrete-time (MLS 3.8.4).
    if (v.type != flat::Type::Real && v.variability == flat::Variability::Continuous) {
      v.variability = flat::Variability::Discrete;
    }
    v.isFlow = isFlow(component);
    if (type->predefined == Predefined::ExternalObject) {
      v.destructor = externalObjectDestructor(*type, component.declaration->range);
      // Bound only in its declaration and never changed (MLS 12.9.7): constructed once.
      v.variability = std::min(v.variability, flat::Variability::Parameter);
    }
    v.description = component.declaration->comment.description;
    v.structural = v.variability == flat::Variability::Parameter &&
                   asksForEvaluation(component.declaration->comment);
    v.range = component.declaration->range;
    variables_.push_back(std::move(element));
  }
  firstVariable_[&component] = first;
  return first;
}

// MLS 12.9.7: the class's `destructor`, which takes the object as its only input.
std::optional<std::uint32_t> Elaborator::externalObjectDestructor(const InstanceNode& type,
                                                                  SourceRange use) {
  if (!type.entry) return std::nullopt;
  Found destructor = names_.memberAccess(*type.entry, "destructor", use);
  if (!destructor.cls) return std::nullopt;
  return specialize(*destructor.cls, destructor.classScope, {{}}, {}, use);
}

std::uint32_t Elaborator::addInternalVariable(flat::Variable variable) {
  ElementVariable element;
  element.variable = std::move(variable);
  element.variable.internal = true;
  element.bindingState = ElementVariable::State::Done;
  variables_.push_back(std::move(element));
  return static_cast<std::uint32_t>(variables_.size() - 1);
}

void Elaborator::lowerVariable(std::uint32_t id) {
  ElementVariable& element = variables_[id];
  if (element.bindingState == ElementVariable::State::Done) return;
  if (element.bindingState == ElementVariable::State::Lowering) {
    diagnostics().error(DiagnosticKind::NotConstant, element.variable.range,
                        "the value of '" + element.variable.name + "' depends on itself");
    element.bindingState = ElementVariable::State::Done;
    return;
  }
  element.bindingState = ElementVariable::State::Lowering;
  ComponentInstance& component = *element.component;
  Modifier modifier = typeInstance(component)->attributes;
  if (!element.subscripts.empty()) modifier = modifier.sliced(element.subscripts);
  std::optional<flat::Expr> binding;
  bool overridden = modifier.value && isRecordDefaultOverridden(id, *modifier.value);
  if (isFirstElement(element) && modifier.value && modifier.value->expr && !modifier.value->each &&
      !overridden) {
    checkArrayValueSize(id, *modifier.value);
  }
  if (modifier.value && modifier.value->expr && !overridden) {
    const flat::Variable& v = variables_[id].variable;
    // A binding of a variable that changes during simulation is an equation that is always
    // evaluated: its run-time subscripts are checked (MLS 10.5).
    std::vector<RangeCheck> rangeChecks;
    bool checked = v.variability > flat::Variability::Parameter;
    binding = lowerModifierValue(*modifier.value, id, v.type, "the value of '" + v.name + "'",
                                 checked ? &rangeChecks : nullptr);
    if (binding) checkBindingVariability(id, *binding, modifier.value->expr->range);
    variables_[id].rangeChecks = std::move(rangeChecks);
  }
  if (!binding) binding = recordFieldBinding(id);
  flat::Attributes attributes;
  for (const auto& [name, child] : modifier.elements)
    lowerAttribute(id, name, child, attributes);
  // `element` may have moved: lowering can allocate variables.
  ElementVariable& done = variables_[id];
  done.variable.binding = std::move(binding);
  foldConstantBinding(done.variable);
  done.variable.attributes = std::move(attributes);
  done.bindingState = ElementVariable::State::Done;
}

// A constant's value is fixed before simulation (MLS 4.4.4): a binding that folds, calls of
// functions on constants included (`from_degC(27)`), is stored as its value, so that the
// backend, which folds only built-in operations, never sees the call.
void Elaborator::foldConstantBinding(flat::Variable& v) {
  if (v.variability != flat::Variability::Constant || !v.binding ||
      v.binding->kind == flat::Expr::Kind::Literal)
    return;
  auto folded = fold(*v.binding);
  if (!folded || (folded->type != flat::Type::Real && folded->type != flat::Type::Integer &&
                  folded->type != flat::Type::Boolean))
    return;
  SourceRange range = v.binding->range;
  v.binding = flat::Expr::literal(folded->type == flat::Type::Integer && v.type == flat::Type::Real
                                      ? flat::Type::Real
                                      : folded->type,
                                  folded->number, range);
}

// The nearest record component around `component` that has a value (`R r = R(1, 2)`).
InstanceNode* Elaborator::enclosingRecordValue(const ComponentInstance& component) {
  for (InstanceNode* node = component.owner; node && node->component;
       node = node->component->owner) {
    bool record =
        node->kind == ast::ClassKind::Record || node->kind == ast::ClassKind::OperatorRecord;
    const auto& value = node->attributes.value;
    if (record && value && value->expr) return node;
  }
  return nullptr;
}

// A field's binding written in its record's own class (its declaration `Real mu = 1`, or an
// extends modifier of a derived record) is a default that the value of the record component
// replaces: `parameter Base m = Sheet(n = 2)` gives m.n = 2 and m.mu Sheet's default, never
// Base's (MLS 7.2: the value of `m` is an outer modification of all of its fields). A binding
// from a modification outside the record component (`Base m(mu = 7)`) stays.
bool Elaborator::isRecordDefaultOverridden(std::uint32_t id, const Modifier::Value& own) {
  return isRecordDefaultOverridden(*variables_[id].component, own);
}

// The same for any component, also a record whose own value (`parameter RCData rcData[nRC] =
// {...}` of a CellData given as a whole) the enclosing record's value replaces.
bool Elaborator::isRecordDefaultOverridden(const ComponentInstance& component,
                                           const Modifier::Value& own) {
  InstanceNode* record = enclosingRecordValue(component);
  if (!record) return false;
  if (own.superseded) return true;
  for (InstanceNode* node = own.scope.instance; node;
       node = node->component ? node->component->owner : nullptr) {
    if (node == record) return true;
  }
  return false;
}

// `R r = R(1, 2)` gives r's fields their values: a field without a binding of its own (or
// with only its record's default) takes the matching field of the nearest enclosing record
// component's value.
std::optional<flat::Expr> Elaborator::recordFieldBinding(std::uint32_t id) {
  bool failed = false;
  auto field = enclosingRecordFieldValue(*variables_[id].component, failed);
  if (!field) return std::nullopt;
  Tensor selected = std::move(*field);
  for (std::size_t index : variables_[id].subscripts) {
    if (selected.dims.empty() || index > selected.dims[0]) {
      diagnostics().error(DiagnosticKind::TypeMismatch, variables_[id].variable.range,
                          "the value of an enclosing record has fewer elements in '" +
                              variables_[id].variable.name + "' than the component");
      return std::nullopt;
    }
    selected = selected.row(index - 1);
  }
  if (!selected.isScalar()) return std::nullopt;
  return selected.scalarValue();
}

// The part of the nearest enclosing record component's value that `component` is (its whole
// array for an array component), found through the fields between them, each element of an
// array of records by its position; nullopt when no enclosing record has a value (`failed`
// after an error).
std::optional<Tensor> Elaborator::enclosingRecordFieldValue(ComponentInstance& component,
                                                            bool& failed) {
  std::vector<std::pair<std::string, std::optional<std::size_t>>> path{{component.name, {}}};
  for (InstanceNode* node = component.owner; node && node->component;
       node = node->component->owner) {
    bool record =
        node->kind == ast::ClassKind::Record || node->kind == ast::ClassKind::OperatorRecord;
    const auto& value = node->attributes.value;
    if (record && value && value->expr && !isRecordDefaultOverridden(*node->component, *value)) {
      failed = true;
      LowerContext context;
      context.scope = value->scope;
      auto tensor = lower(*value->expr, context);
      if (!tensor) return std::nullopt;
      for (std::size_t index : value->slice) {
        if (tensor->dims.empty()) break;
        if (index > tensor->dims[0]) {
          diagnostics().error(DiagnosticKind::TypeMismatch, value->range,
                              "the value of '" + node->path + "' has " +
                                  std::to_string(tensor->dims[0]) +
                                  " elements, fewer than the component");
          return std::nullopt;
        }
        *tensor = tensor->row(index - 1);
      }
      const Tensor* field = &*tensor;
      for (const auto& [name, element] : path) {
        field = field->isRecord() ? field->field(name) : nullptr;
        if (field && element) {
          bool inside = field->isRecordArray() && *element < field->records.size();
          field = inside ? &field->records[*element] : nullptr;
        }
        if (!field) {
          diagnostics().error(DiagnosticKind::TypeMismatch, value->range,
                              "the value of '" + node->path + "' is not a record with a field '" +
                                  name + "'");
          return std::nullopt;
        }
      }
      failed = false;
      return *field;
    }
    std::optional<std::size_t> element;
    if (const auto* elements = this->elements(*node->component); elements && elements->size() > 1) {
      auto it = std::find(elements->begin(), elements->end(), node);
      if (it != elements->end()) element = static_cast<std::size_t>(it - elements->begin());
    } else if (const auto* sizes = dims(*node->component); sizes && !sizes->empty()) {
      element = 0;
    }
    path.insert(path.begin(), {node->component->name, element});
  }
  return std::nullopt;
}

bool Elaborator::isFirstElement(const ElementVariable& element) {
  return !element.subscripts.empty() &&
         std::all_of(element.subscripts.begin(), element.subscripts.end(),
                     [](std::size_t s) { return s == 1; });
}

// The value of an array component has the component's size (MLS 7.2.5); checked once, for
// its first element.
void Elaborator::checkArrayValueSize(std::uint32_t id, const Modifier::Value& value) {
  LowerContext context;
  context.scope = value.scope;
  auto tensor = lower(*value.expr, context);
  if (!tensor) return;
  // Taken after lowering: lowering may add variables and so move variables_.
  const ElementVariable& element = variables_[id];
  std::size_t outer = value.slice.size() - element.subscripts.size();
  std::vector<std::size_t> remaining(tensor->dims.begin() + std::min(outer, tensor->dims.size()),
                                     tensor->dims.end());
  const std::vector<std::size_t>& expected = element.component->dims;
  if (remaining == expected) return;
  std::string name = variables_[id].variable.name;
  name = name.substr(0, name.rfind('['));
  diagnostics().error(DiagnosticKind::TypeMismatch, value.expr->range,
                      "the value of '" + name + "' has size " + subscriptText(remaining) +
                          " but '" + name + "' has size " + subscriptText(expected) +
                          " (MLS 7.2.5)");
}

// A modifier value for one scalar variable: the value lowered in its own scope, then the
// element the slices select.
std::optional<flat::Expr> Elaborator::lowerModifierValue(const Modifier::Value& value,
                                                         std::uint32_t id, flat::Type expected,
                                                         const std::string& what,
                                                         std::vector<RangeCheck>* rangeChecks) {
  LowerContext context;
  context.scope = value.scope;
  context.readRangeChecks = rangeChecks;
  // The elements of an array component share its array value (MLS 7.2.5): lowered once, not
  // once per element, which made `Real x[N](start = {f(i) for i in 1:N})` quadratic in N.
  // Values whose elements collect range checks of their own are lowered each time.
  bool shared = !value.slice.empty() && !rangeChecks && markStructural_;
  std::optional<Tensor> fresh = shared ? std::nullopt : lower(*value.expr, context);
  const std::optional<Tensor>& tensor = shared ? lowerSlicedValue(value, context) : fresh;
  if (!tensor) return std::nullopt;
  const Tensor* whole = &*tensor;
  Tensor selected;
  for (std::size_t index : value.slice) {
    const Tensor& from = whole ? *whole : selected;
    if (from.isScalar() || index > from.dims[0]) {
      diagnostics().error(DiagnosticKind::TypeMismatch, value.range,
                          "this value has fewer elements than '" + variables_[id].variable.name +
                              "' needs (MLS 7.2.5; write 'each' to give every element the "
                              "same value)");
      return std::nullopt;
    }
    selected = from.row(index - 1);
    whole = nullptr;
  }
  if (whole) selected = *whole;
  if (!selected.isScalar()) {
    diagnostics().error(DiagnosticKind::TypeMismatch, value.range,
                        "an array value for the scalar '" + variables_[id].variable.name + "'");
    return std::nullopt;
  }
  flat::Expr result = selected.scalarValue();
  if (!typesCompatible(expected, result.type)) {
    diagnostics().error(DiagnosticKind::TypeMismatch, value.range,
                        what + " must be " + flat::spelling(expected) + ", but it is " +
                            flat::spelling(result.type));
    return std::nullopt;
  }
  const std::string& declared = variables_[id].variable.typeName;
  std::string actual = enumerationTypeOf(result);
  if (expected == flat::Type::Enumeration && !sameEnumeration(declared, actual)) {
    diagnostics().error(DiagnosticKind::TypeMismatch, value.range,
                        what + " must be of type " + declared + ", but it is of type " + actual +
                            " (MLS 4.8.5)");
    return std::nullopt;
  }
  return result;
}

const std::optional<Tensor>& Elaborator::lowerSlicedValue(const Modifier::Value& value,
                                                          LowerContext& context) {
  auto key = std::make_tuple(value.expr, value.scope.instance, value.scope.lexical);
  auto found = slicedValues_.find(key);
  if (found != slicedValues_.end()) return found->second;
  std::optional<Tensor> lowered = lower(*value.expr, context);
  return slicedValues_.insert_or_assign(key, std::move(lowered)).first->second;
}

// The enumeration type of a literal or a variable, or "" when it is not evident.
std::string Elaborator::enumerationTypeOf(const flat::Expr& e) const {
  if (e.type != flat::Type::Enumeration) return "";
  if (e.kind == flat::Expr::Kind::Variable) return variables_[e.variable].variable.typeName;
  auto dot = e.text.rfind('.');
  if (e.kind == flat::Expr::Kind::EnumLiteral || e.kind == flat::Expr::Kind::Literal) {
    return dot == std::string::npos ? "" : e.text.substr(0, dot);
  }
  return "";
}

// MLS 6.4: enumeration types are compatible when they have the same literals in the same
// order (an alias `type E2 = E` is the same type). Unknown names are not rejected.
bool Elaborator::sameEnumeration(const std::string& a, const std::string& b) {
  if (a == b || a.empty() || b.empty()) return true;
  ClassEntry* ca = tree_.find(a);
  ClassEntry* cb = tree_.find(b);
  if (!ca || !cb) return true;
  return packageInstance(*ca)->enumeration == packageInstance(*cb)->enumeration;
}

std::vector<std::string> Elaborator::enumerationLiterals(const flat::Expr& e) {
  std::string name = enumerationTypeOf(e);
  ClassEntry* type = name.empty() ? nullptr : tree_.find(name);
  if (!type) return {};
  InstanceNode* instance = packageInstance(*type);
  return instance ? instance->enumeration : std::vector<std::string>{};
}

void Elaborator::lowerAttribute(std::uint32_t id, const std::string& name, const Modifier& modifier,
                                flat::Attributes& attributes) {
  flat::Type type = variables_[id].variable.type;
  std::vector<std::string> valid = attributeNames(type);
  if (std::find(valid.begin(), valid.end(), name) == valid.end()) {
    auto& d =
        diagnostics().error(DiagnosticKind::UnknownAttribute, modifier.range,
                            std::string(flat::spelling(type)) + " has no attribute '" + name + "'");
    if (auto suggestion = nearestName(name, valid)) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    }
    return;
  }
  if (!modifier.elements.empty() || !modifier.value || !modifier.value->expr) {
    diagnostics().error(DiagnosticKind::UnknownAttribute, modifier.range,
                        "attribute '" + name + "' needs a value: " + name + " = ...");
    return;
  }
  flat::Type expected = name == "fixed" || name == "unbounded" ? flat::Type::Boolean
                        : name == "quantity" || name == "unit" || name == "displayUnit"
                            ? flat::Type::String
                        : name == "stateSelect" ? flat::Type::Enumeration
                                                : type;
  auto value =
      lowerModifierValue(*modifier.value, id, expected,
                         "attribute '" + name + "' of '" + variables_[id].variable.name + "'");
  if (!value) return;
  if (name == "quantity" || name == "unit" || name == "displayUnit") {
    auto text = fold(*value);
    if (!text || text->type != flat::Type::String) {
      diagnostics().error(DiagnosticKind::NotConstant, modifier.range,
                          "attribute '" + name + "' must be a constant String");
      return;
    }
    (name == "quantity" ? attributes.quantity
     : name == "unit"   ? attributes.unit
                        : attributes.displayUnit) = text->text;
    return;
  }
  // stateSelect decides the state selection during translation, so a parameter that gives it
  // (`stateSelect = stateSelect` of the MSL's SpringDamper, StateSelect.prefer) is evaluated
  // there and becomes structural.
  if (name == "stateSelect") {
    if (auto folded = fold(*value); folded && folded->type == flat::Type::Enumeration) {
      value->kind = flat::Expr::Kind::EnumLiteral;
      value->text = folded->text;
      value->args.clear();
    }
  }
  std::optional<flat::Expr>* slot = name == "start"       ? &attributes.start
                                    : name == "fixed"     ? &attributes.fixed
                                    : name == "nominal"   ? &attributes.nominal
                                    : name == "min"       ? &attributes.min
                                    : name == "max"       ? &attributes.max
                                    : name == "unbounded" ? &attributes.unbounded
                                                          : &attributes.stateSelect;
  *slot = std::move(*value);
}

namespace {

flat::Variability variabilityOf(const Elaborator& el, const flat::Expr& e) {
  switch (e.kind) {
  case flat::Expr::Kind::Literal:
  case flat::Expr::Kind::EnumLiteral: return flat::Variability::Constant;
  case flat::Expr::Kind::Time: return flat::Variability::Continuous;
  case flat::Expr::Kind::Variable: return el.variable(e.variable).variable.variability;
  case flat::Expr::Kind::Call:
    // delay() reads the history of its argument (MLS 3.7.4.2): it changes with time.
    if (e.text == "der" || e.text == "delay") return flat::Variability::Continuous;
    if (e.text == "pre" || e.text == "edge" || e.text == "change" || e.text == "sample" ||
        e.text == "initial" || e.text == "terminal") {
      return flat::Variability::Discrete;
    }
    break;
  default: break;
  }
  flat::Variability highest = flat::Variability::Constant;
  for (const flat::Expr& arg : e.args)
    highest = std::max(highest, variabilityOf(el, arg));
  return highest;
}

} // namespace

flat::Variability Elaborator::expressionVariability(const flat::Expr& e) const {
  return variabilityOf(*this, e);
}

// MLS 3.8: a constant's value is a constant expression, a parameter's a parameter expression.
void Elaborator::checkBindingVariability(std::uint32_t id, const flat::Expr& binding,
                                         SourceRange range) {
  const flat::Variable& v = variables_[id].variable;
  if (v.variability > flat::Variability::Parameter) return;
  flat::Variability actual = variabilityOf(*this, binding);
  if (actual <= v.variability) return;
  diagnostics().error(
      DiagnosticKind::NotConstant, range,
      std::string("the value of ") + flat::spelling(v.variability) + " '" + v.name +
          "' must be a " + flat::spelling(v.variability) + " expression, but it is " +
          (actual == flat::Variability::Continuous ? "continuous-time" : "discrete-time") +
          " (MLS 3.8)");
}

bool typesCompatible(flat::Type expected, flat::Type actual) {
  if (expected == actual) return true;
  return expected == flat::Type::Real && actual == flat::Type::Integer;
}

} // namespace mocc::frontend
