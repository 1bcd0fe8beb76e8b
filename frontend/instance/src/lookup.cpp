// Name lookup (MLS 5.3): the instance's own and inherited elements, then the lexically
// enclosing classes with their imports, then the top level and the library roots.
#include "name_lookup.h"

#include "elaborator.h"

#include "name_suggestion.h"

#include <algorithm>

namespace mocc::frontend {

namespace {

const ast::Composition* compositionOf(const ClassEntry& cls) {
  if (!cls.definition) return nullptr;
  const auto* body = std::get_if<ast::LongClassSpecifier>(&cls.definition->specifier);
  return body ? &body->composition : nullptr;
}

} // namespace

NameLookup::Found NameLookup::member(const ClassEntry& cls, const std::string& name) {
  Found found;
  bool beingInstantiated = std::find(el_.instantiating_.begin(), el_.instantiating_.end(), &cls) !=
                           el_.instantiating_.end();
  if (cls.definition && !beingInstantiated) {
    InstanceNode* package = el_.packageInstance(cls);
    if (ComponentInstance* component = package->findComponent(name)) {
      found.component = component;
      found.owner = package;
      found.isProtected = component->isProtected;
      return found;
    }
    if (LocalClass* local = package->findClass(name)) {
      el_.checkClassConstraints(*local);
      found.cls = local->entry;
      found.classScope = local->scope;
      found.isProtected = local->isProtected;
      return found;
    }
  }
  if (ClassEntry* entry = el_.tree().member(const_cast<ClassEntry&>(cls), name)) {
    found.cls = entry;
    found.classScope = Scope{nullptr, entry->parent};
  }
  return found;
}

NameLookup::Found NameLookup::memberAccess(const ClassEntry& cls, const std::string& name,
                                           SourceRange range) {
  Found found = member(cls, name);
  if (found.isProtected) reportProtectedAccess(name, cls.qualifiedName(), range);
  if (found) checkLookupInside(cls, found, name, range);
  return found;
}

// MLS 5.3.2: a name is not looked up inside a partial class; inside a class that is
// neither a package nor package-like (only classes and constants) only encapsulated
// classes can be named. A class found in a partial package is allowed, as in the other
// tools: what the rule guards against is using a partial package's elements as values or
// calling its partial functions (the MoistAir2 example of MLS 7.3.3), which stay errors
// where they are used (a constant without a value, a call of a partial function); naming a
// class defined there, to extend it or to declare a component, is how the MSL's
// ModelicaServices builds on Modelica.Utilities.Internal.PartialModelicaServices.
void NameLookup::checkLookupInside(const ClassEntry& cls, const Found& found,
                                   const std::string& name, SourceRange range) {
  const ast::ClassDef* definition = cls.definition;
  if (!definition || std::holds_alternative<ast::EnumerationSpecifier>(definition->specifier))
    return;
  bool classInPartialPackage = definition->kind == ast::ClassKind::Package && found.cls;
  if (definition->partial && !classInPartialPackage) {
    el_.diagnostics().error(DiagnosticKind::UndefinedName, range,
                            "'" + name + "' cannot be looked up in '" + cls.qualifiedName() +
                                "', a partial class (MLS 5.3.2)");
    return;
  }
  if (definition->kind == ast::ClassKind::Package) return;
  if (found.cls && found.cls->definition && found.cls->definition->encapsulated) return;
  if (std::find(el_.instantiating_.begin(), el_.instantiating_.end(), &cls) !=
      el_.instantiating_.end())
    return;
  for (const ComponentInstance& component : el_.packageInstance(cls)->components) {
    if (component.clause->prefix.variability == ast::Variability::Constant) continue;
    auto& d = el_.diagnostics().error(
        DiagnosticKind::UndefinedName, range,
        "'" + name + "' cannot be looked up in '" + cls.qualifiedName() + "': it is a " +
            ast::spelling(definition->kind) +
            " with non-constant components, so only its encapsulated classes can be named "
            "(MLS 5.3.2)");
    d.notes.push_back({component.declaration->range, "a non-constant component"});
    return;
  }
}

void NameLookup::reportProtectedAccess(const std::string& name, const std::string& owner,
                                       SourceRange range) {
  el_.diagnostics().error(DiagnosticKind::UndefinedName, range,
                          "'" + name + "' is a protected element of '" + owner +
                              "': it cannot be accessed with dot notation (MLS 4.1)");
}

NameLookup::Found NameLookup::lookup(const std::string& name, Scope scope) {
  Found found;
  if (InstanceNode* instance = scope.instance) {
    if (ComponentInstance* component = instance->findComponent(name)) {
      found.component = component;
      found.owner = instance;
      return found;
    }
    if (LocalClass* local = instance->findClass(name)) {
      if (local->element && local->element->outer && !local->element->inner) {
        local = innerClassOf(*instance, *local);
      }
      el_.checkClassConstraints(*local);
      found.cls = local->entry;
      found.classScope = local->scope;
      // Text of this instance written in a base class (not in the declaring class) sees
      // the original of a class extension without `redeclare`.
      if (local->extensionForOwnText && scope.lexical != local->scope.lexical) {
        auto base = el_.classExtensionBases_.find(local->entry);
        if (base != el_.classExtensionBases_.end()) {
          found.cls = base->second.original;
          found.classScope = base->second.scope;
        }
      }
      return found;
    }
  }
  for (const ClassEntry* c = scope.lexical; c && !c->isRoot(); c = c->parent) {
    // The innermost class's own elements were searched through the instance above; members
    // of a directory package are not elements of its instance, so they are looked up here.
    bool ownElements = scope.instance && c == scope.lexical;
    if (!ownElements) {
      if (Found m = member(*c, name)) return m;
    } else if (ClassEntry* entry = el_.tree().member(const_cast<ClassEntry&>(*c), name)) {
      found.cls = entry;
      found.classScope = Scope{nullptr, entry->parent};
      return found;
    }
    if (const ast::Composition* body = compositionOf(*c)) {
      // An import may lead back here (`import A.*` inside A): resolve each once at a time.
      auto key = std::make_pair(c, name);
      if (std::find(importing_.begin(), importing_.end(), key) == importing_.end()) {
        importing_.push_back(key);
        Found viaImport = importedFrom(*body, name);
        importing_.pop_back();
        if (viaImport) return viaImport;
      }
    }
    if (c->definition && c->definition->encapsulated) break;
  }
  if (ClassEntry* entry = el_.tree().member(el_.tree().root(), name)) {
    found.cls = entry;
    found.classScope = Scope{nullptr, &el_.tree().root()};
  }
  return found;
}

// MLS 13.2.1: qualified imports (`import A.B.C`, `import D = A.B.C`, `import A.B.{c, d}`) are
// searched before unqualified ones (`import A.B.*`); a name provided by two qualified imports,
// or by two unqualified ones, is ambiguous.
NameLookup::Found NameLookup::importedFrom(const ast::Composition& body, const std::string& name) {
  auto search = [&](bool unqualified) {
    Found result;
    const ast::ImportClause* earlier = nullptr;
    for (const ast::Element& element : body.elements) {
      const auto* import = std::get_if<ast::ImportClause>(&element.node);
      if (!import || import->wildcard != unqualified) continue;
      Found found = importedName(*import, name);
      if (!found) continue;
      if (!result) {
        result = found;
        earlier = import;
      } else if (reportedImports_.insert(import).second) {
        auto& d = el_.diagnostics().error(DiagnosticKind::AmbiguousClass, import->name.range,
                                          "'" + name +
                                              "' is imported twice: by this import and by an "
                                              "earlier one (MLS 13.2.1)");
        d.notes.push_back({earlier->name.range, "the earlier import"});
      }
    }
    return result;
  };
  if (Found qualified = search(false)) return qualified;
  return search(true);
}

// One import clause asked for `name` (MLS 13.2.1): `import A.B.C` provides C, `import D =
// A.B.C` provides D, `import A.B.*` and `import A.B.{c, d}` provide members of A.B.
NameLookup::Found NameLookup::importedName(const ast::ImportClause& import,
                                           const std::string& name) {
  auto resolve = [&](const std::vector<std::string>& parts) -> Found {
    Found current;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (i == 0) {
        ClassEntry* entry = el_.tree().member(el_.tree().root(), parts[0]);
        if (!entry) return {};
        current.cls = entry;
        current.classScope = Scope{nullptr, &el_.tree().root()};
        continue;
      }
      if (!current.cls) return {};
      current = memberAccess(*current.cls, parts[i], import.name.range);
      if (!current) return {};
    }
    return current;
  };
  // MLS 13.2.1: names are imported from packages only.
  auto fromPackage = [&](const Found& container) {
    const ClassEntry* cls = container.cls;
    if (!cls || !cls->definition || cls->definition->kind == ast::ClassKind::Package) return true;
    if (reportedImports_.insert(&import).second) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, import.name.range,
                              "'" + cls->qualifiedName() + "' is a " +
                                  ast::spelling(cls->definition->kind) +
                                  ", not a package: imports can only name packages and their "
                                  "elements (MLS 13.2.1)");
    }
    return false;
  };
  const std::vector<std::string>& path = import.name.parts;
  if (import.wildcard || !import.list.empty()) {
    if (!import.list.empty() &&
        std::find(import.list.begin(), import.list.end(), name) == import.list.end()) {
      return {};
    }
    Found package = resolve(path);
    if (!package.cls || !fromPackage(package)) return {};
    return memberAccess(*package.cls, name, import.name.range);
  }
  const std::string& provided = import.alias.empty() ? path.back() : import.alias;
  if (provided != name) return {};
  if (path.size() > 1 && !fromPackage(resolve({path.begin(), path.end() - 1}))) return {};
  return resolve(path);
}

const ClassEntry* NameLookup::lookupClass(const ast::Name& name, Scope scope,
                                          Scope* definitionScope) {
  Found current;
  if (name.global) {
    if (ClassEntry* entry = el_.tree().member(el_.tree().root(), name.parts.front())) {
      current.cls = entry;
      current.classScope = Scope{nullptr, &el_.tree().root()};
    }
  } else {
    current = lookup(name.parts.front(), scope);
  }
  std::size_t resolved = 0;
  for (std::size_t i = 1; current.cls && i < name.parts.size(); ++i) {
    current = memberAccess(*current.cls, name.parts[i], name.range);
    resolved = i;
  }
  if (current.cls) {
    if (definitionScope) *definitionScope = current.classScope;
    return current.cls;
  }
  std::string shown = name.str();
  if (current.component) {
    el_.diagnostics().error(DiagnosticKind::UnknownType, name.range,
                            "'" + shown + "' is a component, not a class");
    return nullptr;
  }
  auto& d = el_.diagnostics().error(DiagnosticKind::UnknownType, name.range,
                                    "class '" + shown + "' is not found");
  if (resolved == 0) {
    if (auto suggestion = nearestName(name.parts.front(), visibleNames(scope))) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    }
  }
  return nullptr;
}

// MLS 5.4: an outer element is the inner element of the same name in the nearest enclosing
// instance that declares one.
// MLS 5.4: an outer class is the inner class of the same name in the nearest enclosing
// instance; without one it stands for itself.
LocalClass* NameLookup::innerClassOf(InstanceNode& instance, LocalClass& outer) {
  for (InstanceNode* node = instance.parent; node; node = node->parent) {
    LocalClass* candidate = node->findClass(outer.name);
    if (candidate && candidate->element && candidate->element->inner) return candidate;
  }
  return &outer;
}

ComponentInstance* NameLookup::innerOf(ComponentInstance& outer, SourceRange use) {
  for (InstanceNode* node = outer.owner ? outer.owner->parent : nullptr; node;
       node = node->parent) {
    ComponentInstance* candidate = node->findComponent(outer.name);
    if (!candidate || !candidate->element->inner) continue;
    const ClassEntry* outerType = el_.componentType(outer);
    const ClassEntry* innerType = el_.componentType(*candidate);
    const auto* outerDims = el_.dims(outer);
    const auto* innerDims = el_.dims(*candidate);
    // MLS 5.4: the inner element's type is a subtype of the outer one's.
    bool sameType = outerType && innerType &&
                    (outerType == innerType || (outerType->predefined != Predefined::None &&
                                                outerType->predefined == innerType->predefined));
    if (!sameType && outerType && innerType) {
      InstanceNode* innerNode = el_.typeInstance(*candidate);
      InstanceNode* outerNode = el_.typeInstance(outer);
      sameType = innerNode && outerNode && !el_.subtypeMismatch(*innerNode, *outerNode, 0);
    }
    if (!sameType || !outerDims || !innerDims || *outerDims != *innerDims) {
      auto& d = el_.diagnostics().error(DiagnosticKind::TypeMismatch, outer.declaration->range,
                                        "outer '" + outer.name +
                                            "' does not match the type of its inner "
                                            "declaration (MLS 5.4)");
      d.notes.push_back({candidate->declaration->range, "the inner declaration"});
      return nullptr;
    }
    if (!outer.modifier.empty() && !outer.outerModifierReported && !outer.element->inner) {
      // MLS 5.4: the inner element's declaration alone defines it (an `inner outer` element's
      // modifier is its inner part's).
      outer.outerModifierReported = true;
      auto& d = el_.diagnostics().error(
          DiagnosticKind::InvalidOperator,
          outer.modifier.value           ? outer.modifier.value->range
          : outer.modifier.range.valid() ? outer.modifier.range
                                         : outer.declaration->range,
          "outer '" + outer.name + "' cannot be modified; modify its inner declaration (MLS 5.4)");
      d.notes.push_back({candidate->declaration->range, "the inner declaration"});
    }
    return candidate;
  }
  // MLS 5.4: without an inner declaration the outer element acts as its own inner one (an
  // `inner outer` element is its own inner one anyway).
  if (!outer.missingInnerReported && !outer.element->inner) {
    outer.missingInnerReported = true;
    el_.diagnostics().warning(DiagnosticKind::UndefinedName, outer.declaration->range,
                              "outer '" + outer.name +
                                  "' has no inner declaration in an enclosing "
                                  "instance; it is used as its own inner element (MLS 5.4)");
  }
  return &outer;
}

std::vector<std::string> NameLookup::visibleNames(Scope scope) {
  std::vector<std::string> names;
  if (scope.instance) {
    for (const ComponentInstance& c : scope.instance->components)
      names.push_back(c.name);
    for (const LocalClass& c : scope.instance->classes)
      names.push_back(c.name);
  }
  for (const ClassEntry* c = scope.lexical; c && !c->isRoot(); c = c->parent) {
    if (const ast::Composition* body = compositionOf(*c)) {
      for (const ast::Element& element : body->elements) {
        if (auto* nested = std::get_if<ast::ClassDefPtr>(&element.node)) {
          names.push_back((*nested)->name);
        } else if (auto* clause = std::get_if<ast::Component>(&element.node)) {
          for (const ast::Declaration& d : clause->declarations)
            names.push_back(d.name);
        }
      }
    }
  }
  for (const char* predefined : {"Real", "Integer", "Boolean", "String"}) {
    names.emplace_back(predefined);
  }
  return names;
}

} // namespace mocc::frontend
