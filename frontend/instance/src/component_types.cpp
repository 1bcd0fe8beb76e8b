// What a component is: its class, its type instance, its array sizes (MLS 10.1) and, for
// components of class type, one instance per array element.
#include "elaborator.h"

namespace mocc::frontend {

using Progress = ComponentInstance::Progress;

namespace {

std::string joinPath(const InstanceNode* owner, const std::string& name) {
  if (!owner || owner->path.empty()) return name;
  return owner->path + "." + name;
}

} // namespace

const ClassEntry* Elaborator::componentType(ComponentInstance& component) {
  if (component.typeProgress == Progress::Pending) {
    component.typeProgress = Progress::Working;
    component.type = names_.lookupClass(component.clause->type, component.scope, &component.typeScope);
    component.typeProgress = component.type ? Progress::Done : Progress::Failed;
  }
  return component.type;
}

InstanceNode* Elaborator::typeInstance(ComponentInstance& component) {
  if (component.typeInstance) return component.typeInstance.get();
  const ClassEntry* type = componentType(component);
  if (!type) return nullptr;
  // A component whose class encloses it would make the model infinitely large (MLS 5.6.2).
  for (const InstanceNode* node = component.owner; node; node = node->parent) {
    if (node->entry == type && type->predefined == Predefined::None) {
      diagnostics().error(DiagnosticKind::InvalidOperator, component.declaration->range,
                          "'" + component.name + "' is an instance of '" + type->qualifiedName() +
                              "', which contains it: the model would be infinitely large");
      component.typeProgress = Progress::Failed;
      component.type = nullptr;
      return nullptr;
    }
  }
  component.typeInstance = instantiate(*type, component.modifier, component.typeScope,
                                       component.owner, joinPath(component.owner, component.name));
  component.typeInstance->component = &component;
  checkTypePrefixes(component, *component.typeInstance);
  checkComponentConstraints(component);
  return component.typeInstance.get();
}

bool Elaborator::isScalarType(ComponentInstance& component) {
  InstanceNode* type = typeInstance(component);
  return type && (type->isPredefined() || type->isEnumeration());
}

const std::vector<std::size_t>* Elaborator::dims(ComponentInstance& component) {
  if (component.dimsProgress == Progress::Done) return &component.dims;
  if (component.dimsProgress == Progress::Failed) return nullptr;
  if (component.dimsProgress == Progress::Working) {
    diagnostics().error(DiagnosticKind::NotConstant, component.declaration->range,
                        "the size of '" + component.name + "' depends on itself");
    component.dimsProgress = Progress::Failed;
    return nullptr;
  }
  component.dimsProgress = Progress::Working;
  InstanceNode* type = typeInstance(component);
  if (!type) {
    component.dimsProgress = Progress::Failed;
    return nullptr;
  }
  // MLS 10.1: `Real[2] x[3]` is x[3, 2]; a type's own sizes come last.
  std::vector<std::pair<const ast::Subscript*, Scope>> subscripts;
  const ast::Declaration& sized =
      component.sizeDeclaration ? *component.sizeDeclaration : *component.declaration;
  const ast::Component& sizedClause =
      component.sizeClause ? *component.sizeClause : *component.clause;
  for (const ast::Subscript& s : sized.subscripts)
    subscripts.push_back({&s, component.scope});
  for (const ast::Subscript& s : sizedClause.typeSubscripts) {
    subscripts.push_back({&s, component.scope});
  }
  subscripts.insert(subscripts.end(), type->typeDims.begin(), type->typeDims.end());
  std::vector<std::size_t> result;
  std::vector<IndexKind> kinds;
  bool ok = true;
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    const auto& [subscript, scope] = subscripts[i];
    if (!subscript->value) {
      auto size = flexibleSize(component, i);
      if (!size) {
        ok = false;
        break;
      }
      result.push_back(*size);
      kinds.push_back(IndexKind::Integer);
      continue;
    }
    LowerContext context;
    context.scope = scope;
    IndexKind kind = IndexKind::Integer;
    auto size =
        dimensionSize(*subscript->value, context, "the size of '" + component.name + "'", kind);
    if (!size || *size < 0) {
      if (size) {
        diagnostics().error(DiagnosticKind::NotConstant, subscript->range,
                            "array size " + std::to_string(*size) + " is negative");
      }
      ok = false;
      break;
    }
    result.push_back(static_cast<std::size_t>(*size));
    kinds.push_back(kind);
  }
  component.dims = std::move(result);
  component.dimIndexKinds = std::move(kinds);
  component.dimsProgress = ok ? Progress::Done : Progress::Failed;
  return ok ? &component.dims : nullptr;
}

// `Real x[:] = {1, 2, 3}`: a flexible size comes from the binding (MLS 10.1).
std::optional<std::size_t> Elaborator::flexibleSize(ComponentInstance& component,
                                                    std::size_t dimension) {
  const Modifier::Value* value = nullptr;
  if (InstanceNode* type = component.typeInstance.get(); type && type->attributes.value) {
    value = &*type->attributes.value;
  }
  if (!value || !value->expr) {
    diagnostics().error(DiagnosticKind::MissingBinding, component.declaration->range,
                        "'" + component.name +
                            "' has a flexible size (:) but no value to take it "
                            "from (MLS 10.1)");
    return std::nullopt;
  }
  // A default of a record field that the whole record's value replaces (MLS 7.2): the size
  // is that value's.
  if (isRecordDefaultOverridden(component, *value)) {
    bool failed = false;
    if (auto field = enclosingRecordFieldValue(component, failed)) {
      if (dimension < field->dims.size()) return field->dims[dimension];
    }
    if (failed) return std::nullopt;
  }
  LowerContext context;
  context.scope = value->scope;
  auto tensor = lower(*value->expr, context);
  if (!tensor) return std::nullopt;
  std::size_t index = dimension + value->slice.size();
  if (index >= tensor->dims.size()) {
    diagnostics().error(DiagnosticKind::TypeMismatch, value->range,
                        "the value of '" + component.name +
                            "' has fewer dimensions than its "
                            "declaration");
    return std::nullopt;
  }
  return tensor->dims[index];
}

// A dimension is an Integer size, or a Boolean or enumeration type standing for its values.
std::optional<long long> Elaborator::dimensionSize(const ast::Expr& e, const LowerContext& context,
                                                   const std::string& what, IndexKind& kind) {
  auto value = lower(e, context);
  if (!value) return std::nullopt;
  kind = IndexKind::Integer;
  if (value->dims.size() == 1 && !value->elements.empty() &&
      (value->elements[0].type == flat::Type::Boolean ||
       value->elements[0].type == flat::Type::Enumeration)) {
    kind = value->elements[0].type == flat::Type::Boolean ? IndexKind::Boolean
                                                          : IndexKind::Enumeration;
    return static_cast<long long>(value->size());
  }
  auto folded = value->isScalar() ? fold(value->scalarValue()) : std::nullopt;
  if (!folded || folded->type != flat::Type::Integer) {
    diagnostics().error(DiagnosticKind::NotConstant, e.range,
                        what + " must be a constant Integer expression (of constants and "
                               "parameters with values)");
    return std::nullopt;
  }
  return static_cast<long long>(folded->number);
}

std::vector<InstanceNode*>* Elaborator::elements(ComponentInstance& component) {
  if (component.elementsProgress == Progress::Done) return &component.elements;
  if (component.elementsProgress != Progress::Pending) return nullptr;
  component.elementsProgress = Progress::Working;
  const std::vector<std::size_t>* sizes = dims(component);
  InstanceNode* type = typeInstance(component);
  if (!sizes || !type) {
    component.elementsProgress = Progress::Failed;
    return nullptr;
  }
  std::string path = joinPath(component.owner, component.name);
  if (sizes->empty()) {
    component.elements.push_back(type);
  } else {
    std::size_t count = elementCount(*sizes);
    for (std::size_t k = 0; k < count; ++k) {
      std::vector<std::size_t> subscripts = subscriptsOf(k, *sizes);
      component.ownedElements.push_back(
          instantiate(*component.type, component.modifier.sliced(subscripts), component.typeScope,
                      component.owner, path + subscriptText(subscripts)));
      component.ownedElements.back()->component = &component;
      component.elements.push_back(component.ownedElements.back().get());
    }
  }
  component.elementsProgress = Progress::Done;
  return &component.elements;
}

} // namespace mocc::frontend
