// Declaring the components of the class and lowering their modifications (MLS 4.4, 4.9, 7.2).
#include "flattener.h"

#include "name_suggestion.h"

#include <algorithm>
#include <array>
#include <set>

namespace mocc::frontend {

using flat::Type;

namespace {

std::optional<Type> predefinedType(const ast::Name& name) {
  if (name.global || name.parts.size() != 1) return std::nullopt;
  const std::string& n = name.parts[0];
  if (n == "Real") return Type::Real;
  if (n == "Integer") return Type::Integer;
  if (n == "Boolean") return Type::Boolean;
  if (n == "String") return Type::String;
  return std::nullopt;
}

// Attributes of the predefined types (MLS 4.9.1-4.9.4).
std::vector<std::string> attributeNames(Type type) {
  switch (type) {
  case Type::Real:
    return {"quantity", "unit",  "displayUnit", "min",       "max",
            "start",    "fixed", "nominal",     "unbounded", "stateSelect"};
  case Type::Integer: return {"quantity", "min", "max", "start", "fixed"};
  default: return {"quantity", "start", "fixed"};
  }
}

flat::Variability declaredVariability(ast::Variability variability, Type type) {
  switch (variability) {
  case ast::Variability::Constant: return flat::Variability::Constant;
  case ast::Variability::Parameter: return flat::Variability::Parameter;
  case ast::Variability::Discrete: return flat::Variability::Discrete;
  case ast::Variability::Continuous:
    // Integer, Boolean and String components are discrete-time by default (MLS 3.8.4).
    return type == Type::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
  }
  return flat::Variability::Continuous;
}

flat::Causality causality(ast::Causality c) {
  switch (c) {
  case ast::Causality::Input: return flat::Causality::Input;
  case ast::Causality::Output: return flat::Causality::Output;
  default: return flat::Causality::None;
  }
}

const char* elementKindName(const ast::Element& element) {
  if (std::holds_alternative<ast::ImportClause>(element.node)) return "import clauses";
  if (std::holds_alternative<ast::ExtendsClause>(element.node)) {
    return "extends clauses (inheritance)";
  }
  return "nested class definitions";
}

} // namespace

void Flattener::declareElements(const ast::Composition& composition) {
  for (const ast::Element& element : composition.elements) {
    if (auto* component = std::get_if<ast::Component>(&element.node)) {
      declareComponent(element, *component);
    } else {
      unsupported(element.range, std::string(elementKindName(element)) + " are not supported yet");
    }
  }
}

bool Flattener::checkComponentSupported(const ast::Element& element,
                                        const ast::Component& component) {
  const char* prefix = element.redeclare     ? "redeclare"
                       : element.inner       ? "inner"
                       : element.outer       ? "outer"
                       : element.replaceable ? "replaceable"
                                             : nullptr;
  if (prefix) {
    unsupported(element.range, std::string("the '") + prefix + "' prefix is not supported yet");
    return false;
  }
  if (component.prefix.connector != ast::ConnectorKind::None) {
    unsupported(element.range, "flow and stream prefixes (connectors) are not supported yet");
    return false;
  }
  if (!predefinedType(component.type)) {
    unsupported(component.type.range,
                "components of type '" + component.type.str() +
                    "': only the predefined types Real, Integer, Boolean and String are "
                    "supported yet");
    return false;
  }
  if (!component.typeSubscripts.empty()) {
    unsupported(element.range, "array declarations are not supported yet");
    return false;
  }
  return true;
}

void Flattener::declareComponent(const ast::Element& element, const ast::Component& component) {
  if (!checkComponentSupported(element, component)) return;
  Type type = *predefinedType(component.type);
  for (const ast::Declaration& declaration : component.declarations) {
    if (!declaration.subscripts.empty()) {
      unsupported(declaration.range, "array declarations are not supported yet");
      continue;
    }
    if (declaration.condition) {
      unsupported(declaration.condition->range, "conditional components are not supported yet");
      continue;
    }
    if (declaration.name == "time") {
      diagnostics_.error(DiagnosticKind::DuplicateDeclaration, declaration.range,
                         "'time' is the built-in variable and cannot be declared (MLS 3.6.7)");
      continue;
    }
    if (auto existing = scope_.find(declaration.name)) {
      auto& d = diagnostics_.error(DiagnosticKind::DuplicateDeclaration, declaration.range,
                                   "'" + declaration.name + "' is already declared");
      d.notes.push_back({model_.variables[*existing].range, "previous declaration is here"});
      continue;
    }
    flat::Variable variable;
    variable.name = declaration.name;
    variable.type = type;
    variable.variability = declaredVariability(component.prefix.variability, type);
    variable.causality = causality(component.prefix.causality);
    variable.isProtected = element.visibility == ast::Visibility::Protected;
    variable.description = declaration.comment.description;
    variable.range = declaration.range;
    auto index = static_cast<std::uint32_t>(model_.variables.size());
    model_.variables.push_back(std::move(variable));
    scope_.add(declaration.name, index);
    pending_.push_back({index, &declaration});
  }
}

void Flattener::lowerDeclaration(const PendingDeclaration& pending) {
  if (!pending.declaration->modification) {
    const flat::Variable& v = model_.variables[pending.variable];
    if (v.variability == flat::Variability::Constant) {
      diagnostics_.error(DiagnosticKind::MissingBinding, v.range,
                         "constant '" + v.name + "' needs a value (MLS 4.4.4)");
    }
    return;
  }
  // Work on a copy: lowering may not hold references into the variable list.
  flat::Variable variable = model_.variables[pending.variable];
  lowerModification(variable, *pending.declaration->modification);
  model_.variables[pending.variable] = std::move(variable);
}

void Flattener::lowerModification(flat::Variable& variable, const ast::Modification& modification) {
  if (modification.arguments) {
    std::set<std::string> seen;
    for (const ast::Argument& argument : modification.arguments->arguments) {
      if (argument.modification && argument.modification->name.parts.size() == 1 &&
          !seen.insert(argument.modification->name.parts[0]).second) {
        diagnostics_.error(DiagnosticKind::DuplicateDeclaration, argument.range,
                           "attribute '" + argument.modification->name.parts[0] +
                               "' is modified twice (MLS 7.2.4)");
        continue;
      }
      lowerAttribute(variable, argument);
    }
  }
  if (modification.value) {
    const ast::ModificationValue& value = *modification.value;
    if (value.isBreak || !value.value) {
      unsupported(value.range, "'break' in modifications is not supported yet");
      return;
    }
    auto binding = expressions_.lowerExpecting(*value.value, {variable.type},
                                               "the value of '" + variable.name + "'");
    if (!binding) return;
    checkBindingVariability(variable, *binding);
    variable.binding = std::move(*binding);
  } else if (variable.variability == flat::Variability::Constant) {
    diagnostics_.error(DiagnosticKind::MissingBinding, variable.range,
                       "constant '" + variable.name + "' needs a value (MLS 4.4.4)");
  }
}

void Flattener::checkBindingVariability(const flat::Variable& variable, const flat::Expr& binding) {
  using flat::Variability;
  if (variable.variability > Variability::Parameter) return;
  Variability actual = variabilityOf(model_, binding);
  if (actual <= variable.variability) return;
  diagnostics_.error(
      DiagnosticKind::NotConstant, binding.range,
      std::string("the value of ") + flat::spelling(variable.variability) + " '" + variable.name +
          "' must be a " + flat::spelling(variable.variability) + " expression, but it is " +
          (actual == Variability::Continuous ? "continuous-time" : "discrete-time") + " (MLS 3.8)");
}

void Flattener::lowerAttribute(flat::Variable& variable, const ast::Argument& argument) {
  if (!argument.modification) {
    unsupported(argument.range, "redeclarations in modifications are not supported yet");
    return;
  }
  const ast::ElementModification& m = *argument.modification;
  std::string name = m.name.str();
  std::vector<std::string> valid = attributeNames(variable.type);
  if (m.name.parts.size() != 1 || std::find(valid.begin(), valid.end(), name) == valid.end()) {
    auto& d = diagnostics_.error(DiagnosticKind::UnknownAttribute, m.name.range,
                                 std::string(flat::spelling(variable.type)) +
                                     " has no attribute '" + name + "'");
    if (auto suggestion = nearestName(name, valid)) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    }
    return;
  }
  if (!m.modification || m.modification->arguments || !m.modification->value ||
      !m.modification->value->value) {
    diagnostics_.error(DiagnosticKind::UnknownAttribute, argument.range,
                       "attribute '" + name + "' needs a value: " + name + " = ...");
    return;
  }
  auto value = lowerAttributeValue(variable, name, *m.modification->value->value);
  if (!value) return;
  flat::Attributes& a = variable.attributes;
  auto text = [&]() { return value->text; };
  if (name == "quantity")
    a.quantity = text();
  else if (name == "unit")
    a.unit = text();
  else if (name == "displayUnit")
    a.displayUnit = text();
  else if (name == "min")
    a.min = std::move(value);
  else if (name == "max")
    a.max = std::move(value);
  else if (name == "start")
    a.start = std::move(value);
  else if (name == "fixed")
    a.fixed = std::move(value);
  else if (name == "nominal")
    a.nominal = std::move(value);
  else if (name == "unbounded")
    a.unbounded = std::move(value);
  else if (name == "stateSelect")
    a.stateSelect = std::move(value);
}

std::optional<flat::Expr> Flattener::lowerAttributeValue(const flat::Variable& variable,
                                                         const std::string& attribute,
                                                         const ast::Expr& value) {
  std::string what = "attribute '" + attribute + "' of '" + variable.name + "'";
  std::optional<flat::Expr> lowered;
  if (attribute == "quantity" || attribute == "unit" || attribute == "displayUnit") {
    lowered = expressions_.lowerExpecting(value, {Type::String}, what);
    if (lowered && !lowered->isLiteral()) {
      diagnostics_.error(DiagnosticKind::NotConstant, value.range,
                         what + " must be a string literal");
      return std::nullopt;
    }
    return lowered;
  }
  if (attribute == "fixed" || attribute == "unbounded") {
    lowered = expressions_.lowerExpecting(value, {Type::Boolean}, what);
  } else if (attribute == "stateSelect") {
    lowered = expressions_.lower(value);
    if (lowered && (lowered->kind != flat::Expr::Kind::EnumLiteral ||
                    lowered->text.rfind("StateSelect.", 0) != 0)) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, value.range,
                         what + " must be a StateSelect literal (never, avoid, default, "
                                "prefer, always)");
      return std::nullopt;
    }
  } else {
    lowered = expressions_.lowerExpecting(value, {variable.type}, what);
  }
  if (!lowered) return std::nullopt;
  if (variabilityOf(model_, *lowered) > flat::Variability::Parameter) {
    diagnostics_.error(DiagnosticKind::NotConstant, value.range,
                       what + " must be a parameter expression (MLS 4.9)");
    return std::nullopt;
  }
  return lowered;
}

} // namespace mocc::frontend
