// MLS 4.4.2.2 (prefix rules): which type prefixes a component may carry given its class, and
// which prefixes its elements may already have when it is structured.
#include "elaborator.h"

namespace mocc::frontend {

namespace {

using ast::Causality;
using ast::ConnectorKind;
using ast::Variability;

const char* spelling(ConnectorKind kind) { return kind == ConnectorKind::Flow ? "flow" : "stream"; }

const char* spelling(Causality causality) {
  return causality == Causality::Input ? "input" : "output";
}

const char* spelling(Variability variability) {
  switch (variability) {
  case Variability::Constant: return "constant";
  case Variability::Parameter: return "parameter";
  default: return "discrete";
  }
}

/// The first type prefix written on `clause`, for messages; null when it has none.
const char* firstTypePrefix(const ast::TypePrefix& prefix) {
  if (prefix.connector != ConnectorKind::None) return spelling(prefix.connector);
  if (prefix.variability != Variability::Continuous) return spelling(prefix.variability);
  if (prefix.causality != Causality::None) return spelling(prefix.causality);
  return nullptr;
}

bool isStructured(const InstanceNode& type) {
  return !type.isPredefined() && !type.isEnumeration();
}

/// Classes whose components may carry type prefixes: type, record, operator record,
/// connector. A plain `class` may be any of them, so it is not rejected.
bool acceptsTypePrefixes(ast::ClassKind kind) {
  using K = ast::ClassKind;
  switch (kind) {
  case K::Model:
  case K::Block:
  case K::Package:
  case K::Function:
  case K::OperatorFunction:
  case K::Operator: return false;
  default: return true;
  }
}

} // namespace

Causality Elaborator::effectiveCausality(ComponentInstance& component) {
  if (component.clause->prefix.causality != Causality::None) {
    return component.clause->prefix.causality;
  }
  InstanceNode* type = component.typeInstance.get();
  return type ? type->causality : Causality::None;
}

Causality Elaborator::causalityOf(ComponentInstance& component) {
  if (component.clause->prefix.causality != Causality::None || !typeInstance(component)) {
    return component.clause->prefix.causality;
  }
  return effectiveCausality(component);
}

bool Elaborator::isFlow(const ComponentInstance& component) {
  for (const ComponentInstance* c = &component; c; c = c->owner ? c->owner->component : nullptr) {
    if (c->clause->prefix.connector == ConnectorKind::Flow) return true;
  }
  return false;
}

// An element of a structured component (at any depth) with a flow, stream, input or output
// prefix of its own, or null.
const ComponentInstance* Elaborator::prefixedElement(InstanceNode& type, bool causalities) {
  for (ComponentInstance& element : type.components) {
    if (element.clause->prefix.connector != ConnectorKind::None) return &element;
    InstanceNode* elementType = typeInstance(element);
    if (!elementType) continue;
    if (causalities && effectiveCausality(element) != Causality::None) return &element;
    if (isStructured(*elementType)) {
      if (const ComponentInstance* inner = prefixedElement(*elementType, causalities)) return inner;
    }
  }
  return nullptr;
}

void Elaborator::checkTypePrefixes(ComponentInstance& component, InstanceNode& type) {
  if (!prefixesChecked_.insert(component.declaration).second) return;
  const ast::TypePrefix& prefix = component.clause->prefix;
  SourceRange range = component.declaration->range;
  auto fail = [&](const std::string& message) {
    diagnostics().error(DiagnosticKind::TypeMismatch, range, message + " (MLS 4.4.2.2)");
  };
  bool functionalInput =
      prefix.causality == Causality::Input && type.kind == ast::ClassKind::Function;
  if (const char* written = firstTypePrefix(prefix);
      written && !functionalInput && isStructured(type) && !acceptsTypePrefixes(type.kind)) {
    fail(std::string("'") + written + "' cannot be applied to '" + component.name + "', a " +
         ast::spelling(type.kind) +
         " component: type prefixes are only allowed on components of "
         "types, records and connectors");
    return;
  }
  bool connector =
      type.kind == ast::ClassKind::Connector || type.kind == ast::ClassKind::ExpandableConnector;
  if (connector && prefix.variability >= Variability::Parameter) {
    diagnostics().error(DiagnosticKind::TypeMismatch, range,
                        "the connector component '" + component.name + "' cannot be a " +
                            spelling(prefix.variability) + " (MLS 9.3)");
  }
  if (prefix.causality == Causality::Input && prefix.variability >= Variability::Parameter) {
    fail("an input cannot also be a " + std::string(spelling(prefix.variability)));
  }
  // MLS 15.1: "The stream prefix can only be used in a connector declaration".
  if (prefix.connector == ConnectorKind::Stream && component.owner &&
      (component.owner->kind == ast::ClassKind::Model ||
       component.owner->kind == ast::ClassKind::Block)) {
    diagnostics().error(DiagnosticKind::TypeMismatch, range,
                        "the stream variable '" + component.name + "' is declared in a " +
                            ast::spelling(component.owner->kind) +
                            ": stream variables belong in connectors (MLS 15.1)");
  }
  // MLS 9.1.3: "An expandable connector shall not contain a component declared with the prefix
  // flow" (the connectors inside it may have flow variables).
  if (prefix.connector == ConnectorKind::Flow && component.owner &&
      component.owner->kind == ast::ClassKind::ExpandableConnector) {
    diagnostics().error(DiagnosticKind::TypeMismatch, range,
                        "the flow variable '" + component.name +
                            "' is declared in an expandable connector: flow variables belong in "
                            "the connectors inside it (MLS 9.1.3)");
  }
  if (prefix.connector != ConnectorKind::None && !isStructured(type) &&
      type.predefined != Predefined::Real) {
    fail(std::string("the ") + spelling(prefix.connector) + " variable '" + component.name +
         "' must be a subtype of Real");
  }
  checkStructuredPrefixes(component, type);
}

// A flow, stream, input or output applied to a structured component passes on to its
// elements, so no element may have one of its own (flow: no flow or stream element).
void Elaborator::checkStructuredPrefixes(ComponentInstance& component, InstanceNode& type) {
  if (!isStructured(type) || !acceptsTypePrefixes(type.kind)) return;
  const ast::TypePrefix& prefix = component.clause->prefix;
  Causality causality = effectiveCausality(component);
  const char* applied = causality != Causality::None              ? spelling(causality)
                        : prefix.connector != ConnectorKind::None ? spelling(prefix.connector)
                                                                  : nullptr;
  if (!applied) return;
  bool causalities = causality != Causality::None || prefix.connector == ConnectorKind::Stream;
  const ComponentInstance* element = prefixedElement(type, causalities);
  if (!element) return;
  auto& d =
      diagnostics().error(DiagnosticKind::TypeMismatch, component.declaration->range,
                          std::string("'") + applied + "' cannot be applied to '" + component.name +
                              "': its element '" + element->name + "' has a " +
                              (causalities ? "flow, stream, input or output" : "flow or stream") +
                              " prefix of its own (MLS 4.4.2.2)");
  d.notes.push_back({element->declaration->range, "the element's declaration"});
}

} // namespace mocc::frontend
