// MLS 7.3 (redeclaration) and 6.4 (interface compatibility): what may be redeclared, and the
// subtype check of a replaceable element's class against its constraining types.
#include "elaborator.h"

#include <algorithm>

namespace mocc::frontend {

namespace {

constexpr int kMaxSubtypeDepth = 16;

/// The constraint of a declaration: its constrainedby clause, else its own type.
Constraint declaredConstraint(const std::optional<ast::ConstrainingClause>& constraining,
                              const ast::Name& type, Scope scope, SourceRange range) {
  if (constraining) return Constraint{nullptr, &constraining->name, scope, constraining->range};
  return Constraint{nullptr, &type, scope, range};
}

/// MLS 6.4: model and block are compatible, so are type and record; other kinds only with
/// themselves.
int kindCategory(ast::ClassKind kind) {
  using K = ast::ClassKind;
  switch (kind) {
  case K::Model:
  case K::Block: return 1;
  case K::Type:
  case K::Record:
  case K::OperatorRecord: return 2;
  case K::Connector:
  case K::ExpandableConnector: return 3;
  case K::Function:
  case K::OperatorFunction: return 4;
  case K::Package: return 5;
  default: return 0; // `class`: compatible with any
  }
}

std::size_t declaredDims(const ComponentInstance& c) {
  return c.declaration->subscripts.size() + c.clause->typeSubscripts.size();
}

/// Array dimensions a short class definition adds itself (`type T = Real3[2]`): these belong
/// to T, not to the type T is checked as (MLS 7.3.2: in `type T = T1[n] constrainedby T2`, T1
/// and T2 have the same number of dimensions).
std::size_t ownSubscripts(const ClassEntry& cls) {
  if (!cls.definition) return 0;
  const auto* s = std::get_if<ast::ShortClassSpecifier>(&cls.definition->specifier);
  return s ? s->subscripts.size() : 0;
}

} // namespace

// What an element and a modifier's redeclaration both say of the new declaration.
template <class Redeclaring>
Elaborator::RedeclarationPrefixes Elaborator::commonPrefixes(const Redeclaring& redeclaring,
                                                             Scope scope) {
  RedeclarationPrefixes by;
  by.replaceable = redeclaring.replaceable;
  by.isFinal = redeclaring.isFinal;
  by.constraining = redeclaring.constraining ? &*redeclaring.constraining : nullptr;
  by.scope = scope;
  by.range = redeclaring.range;
  return by;
}

Elaborator::RedeclarationPrefixes
Elaborator::prefixesOf(const ast::Element& redeclaring, Scope scope, const ast::Element& original) {
  RedeclarationPrefixes by = commonPrefixes(redeclaring, scope);
  bool wasProtected = original.visibility == ast::Visibility::Protected;
  if (wasProtected != (redeclaring.visibility == ast::Visibility::Protected)) {
    by.protectedChange = wasProtected ? "a protected element cannot become public"
                                      : "a public element cannot become protected";
  }
  return by;
}

Elaborator::RedeclarationPrefixes Elaborator::prefixesOf(const ast::Argument& redeclaring,
                                                         Scope scope) {
  return commonPrefixes(redeclaring, scope);
}

Replaceability Elaborator::replaceabilityOf(const ast::Element& element, const ast::Name& type,
                                            Scope scope, SourceRange range, bool constant) {
  Replaceability r;
  r.replaceable = element.replaceable;
  r.isFinal = element.isFinal;
  r.constant = constant;
  if (element.replaceable)
    r.constraints.push_back(declaredConstraint(element.constraining, type, scope, range));
  return r;
}

Replaceability Elaborator::classReplaceability(const ast::Element& element, const ClassEntry& entry,
                                               Scope scope) {
  Replaceability r;
  r.replaceable = element.replaceable;
  r.isFinal = element.isFinal;
  if (!element.replaceable) return r;
  SourceRange range = entry.definition ? entry.definition->nameRange : SourceRange{};
  if (element.constraining) {
    r.constraints.push_back(
        Constraint{nullptr, &element.constraining->name, scope, element.constraining->range});
  } else {
    r.constraints.push_back(Constraint{&entry, nullptr, scope, range});
  }
  return r;
}

// A redeclaration of an element with `current` replaceability, by a redeclare element or
// modifier with the given prefixes: reports what MLS 7.3.4 forbids and returns the
// replaceability after it.
void Elaborator::redeclare(Replaceability& current, const std::string& name,
                           const RedeclarationPrefixes& by, Constraint original) {
  auto fail = [&](const std::string& why) {
    diagnostics().error(DiagnosticKind::InvalidOperator, by.range,
                        "'" + name + "' cannot be redeclared: " + why + " (MLS 7.3.4)");
  };
  if (current.isFinal) fail("it is final");
  if (current.constant) fail("it is a constant");
  if (by.protectedChange) fail(by.protectedChange);
  if (!current.replaceable) {
    original.sameClass = true;
    current.constraints.push_back(original);
  }
  current.replaceable = by.replaceable;
  current.isFinal = by.isFinal;
  current.checked = false;
  if (by.replaceable && by.constraining) {
    current.constraints.push_back(
        Constraint{nullptr, &by.constraining->name, by.scope, by.constraining->range});
  }
}

// MLS 6.4 (subtyping), restricted to what can be told without evaluating: every public
// element of `b` exists in `a` with a compatible class, the same number of dimensions, the
// same flow and causality prefixes and a variability that is not higher.
std::optional<std::string> Elaborator::subtypeMismatch(InstanceNode& a, InstanceNode& b,
                                                       int depth) {
  if (depth > kMaxSubtypeDepth) return std::nullopt;
  if (a.isPredefined() || b.isPredefined()) {
    if (a.predefined == b.predefined) return std::nullopt;
    return std::string("a built-in type is only compatible with itself");
  }
  if (a.isEnumeration() || b.isEnumeration()) {
    // MLS 6.4: any enumeration is a subtype of enumeration(:).
    if (a.isEnumeration() && b.unspecifiedEnumeration) return std::nullopt;
    if (a.enumeration == b.enumeration) return std::nullopt;
    return std::string("the enumeration literals differ");
  }
  int ka = kindCategory(a.kind), kb = kindCategory(b.kind);
  if (ka && kb && ka != kb) {
    return std::string("a ") + ast::spelling(a.kind) + " is not compatible with a " +
           ast::spelling(b.kind);
  }
  for (ComponentInstance& eb : b.components) {
    if (eb.isProtected) continue;
    ComponentInstance* ea = a.findComponent(eb.name);
    if (!ea) return "it has no element '" + eb.name + "'";
    if (auto why = elementMismatch(*ea, eb, depth)) return "element '" + eb.name + "': " + *why;
  }
  return std::nullopt;
}

std::optional<std::string> Elaborator::elementMismatch(ComponentInstance& ea, ComponentInstance& eb,
                                                       int depth) {
  const ast::TypePrefix& pa = ea.clause->prefix;
  const ast::TypePrefix& pb = eb.clause->prefix;
  if (pa.connector != pb.connector) return std::string("the flow or stream prefixes differ");
  if (pa.causality != pb.causality) return std::string("the input or output prefixes differ");
  // Variability order constant < parameter < discrete < continuous; ast::Variability counts
  // the other way.
  if (pa.variability < pb.variability) return std::string("its variability is higher");
  InstanceNode* ta = typeInstance(ea);
  InstanceNode* tb = typeInstance(eb);
  if (!ta || !tb) return std::nullopt; // reported already
  if (declaredDims(ea) + ta->typeDims.size() != declaredDims(eb) + tb->typeDims.size()) {
    return std::string("the numbers of array dimensions differ");
  }
  return subtypeMismatch(*ta, *tb, depth + 1);
}

// `actual` (the element's class now, with `dims` array dimensions of its own) against each
// constraint; reports the first that fails.
void Elaborator::checkConstraints(Replaceability& r, const std::string& name,
                                  const ClassEntry& actual, InstanceNode& actualInstance,
                                  std::size_t dims, SourceRange range) {
  if (r.checked) return;
  r.checked = true;
  std::vector<const ClassEntry*> earlier; // the constraining types before this one
  for (const Constraint& constraint : r.constraints) {
    Scope unused;
    const ClassEntry* required =
        constraint.cls ? constraint.cls
                       : names_.lookupClass(*constraint.name, constraint.scope, &unused);
    if (!required) continue;
    // A class being instantiated cannot be instantiated again to compare it: check later.
    if (isInstantiating(*required) || isInstantiating(actual)) {
      r.checked = false;
      return;
    }
    if (!constraint.sameClass) {
      if (!constrainsWithin(*required, earlier, name, constraint.range)) return;
      earlier.push_back(required);
    }
    std::optional<std::string> why;
    if (constraint.sameClass) {
      if (required != &actual) why = "it is not replaceable, so its class cannot change";
    } else if (required != &actual) {
      InstanceNode& b = *packageInstance(*required);
      if (dims != b.typeDims.size()) {
        why = "the numbers of array dimensions differ";
      } else {
        why = subtypeMismatch(actualInstance, b, 0);
      }
    }
    if (!why) continue;
    auto& d = diagnostics().error(DiagnosticKind::TypeMismatch, range,
                                  "'" + actual.qualifiedName() + "' is not allowed for '" + name +
                                      "': it must be a subtype of '" + required->qualifiedName() +
                                      "', but " + *why + " (MLS 7.3.2)");
    d.notes.push_back({constraint.range, constraint.sameClass ? "the original declaration"
                                                              : "the constraining type"});
    return;
  }
}

// MLS 7.3.2: the constraining type of a redeclaration is a subtype of the constraining types
// it replaces.
bool Elaborator::constrainsWithin(const ClassEntry& constraining,
                                  const std::vector<const ClassEntry*>& earlier,
                                  const std::string& name, SourceRange range) {
  for (const ClassEntry* before : earlier) {
    if (before == &constraining || isInstantiating(*before)) continue;
    std::optional<std::string> why =
        subtypeMismatch(*packageInstance(constraining), *packageInstance(*before), 0);
    if (!why) continue;
    diagnostics().error(DiagnosticKind::TypeMismatch, range,
                        "the constraining type '" + constraining.qualifiedName() + "' of '" + name +
                            "' must be a subtype of the constraining type '" +
                            before->qualifiedName() + "' it replaces, but " + *why +
                            " (MLS 7.3.2)");
    return false;
  }
  return true;
}

bool Elaborator::isInstantiating(const ClassEntry& cls) const {
  return std::find(instantiating_.begin(), instantiating_.end(), &cls) != instantiating_.end();
}

void Elaborator::checkComponentConstraints(ComponentInstance& component) {
  Replaceability& r = component.replaceability;
  if (r.checked || r.constraints.empty() || !component.type) return;
  InstanceNode& type = *component.typeInstance;
  checkConstraints(r, component.name, *component.type, type, type.typeDims.size(),
                   component.declaration->range);
}

void Elaborator::checkClassConstraints(LocalClass& local) {
  Replaceability& r = local.replaceability;
  if (r.checked || r.constraints.empty() || !local.entry) return;
  InstanceNode& type = *packageInstance(*local.entry);
  SourceRange range = local.entry->definition ? local.entry->definition->nameRange : SourceRange{};
  checkConstraints(r, local.name, *local.entry, type,
                   type.typeDims.size() - ownSubscripts(*local.entry), range);
}

} // namespace mocc::frontend
