// Instantiation (MLS 5.6, 7): a class with its modifier becomes an InstanceNode. Inheritance
// is merged into the node, modifiers are merged outer over inner, redeclarations replace
// elements. Component types are instantiated on demand.
#include "elaborator.h"

#include "mocc/ast/printer.h"
#include "name_suggestion.h"

#include <algorithm>

namespace mocc::frontend {

void InstanceNode::addComponent(ComponentInstance component) {
  componentIndex.emplace(component.name, components.size());
  components.push_back(std::move(component));
}

ComponentInstance* InstanceNode::findComponent(const std::string& name) {
  auto found = componentIndex.find(name);
  return found == componentIndex.end() ? nullptr : &components[found->second];
}

LocalClass* InstanceNode::findClass(const std::string& name) {
  for (LocalClass& c : classes) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

Elaborator::Elaborator(ClassTree& tree, const ExternalEvaluator* external)
    : tree_(tree), external_(external) {}
Elaborator::~Elaborator() = default;

std::unique_ptr<InstanceNode> Elaborator::instantiate(const ClassEntry& cls, Modifier modifier,
                                                      Scope definitionScope, InstanceNode* parent,
                                                      std::string path) {
  auto node = std::make_unique<InstanceNode>();
  node->entry = &cls;
  node->parent = parent;
  node->path = std::move(path);
  node->definition = &cls;
  if (cls.definition) {
    node->kind = cls.definition->kind;
    node->partial = cls.definition->partial;
  } else {
    node->kind = ast::ClassKind::Type;
  }
  fill(*node, cls, std::move(modifier), definitionScope);
  return node;
}

InstanceNode* Elaborator::packageInstance(const ClassEntry& cls) {
  auto found = packages_.find(&cls);
  if (found != packages_.end()) return found->second.get();
  auto node = instantiate(cls, {}, Scope{nullptr, cls.parent}, nullptr, cls.qualifiedName());
  InstanceNode* result = node.get();
  packages_[&cls] = std::move(node);
  return result;
}

void Elaborator::fill(InstanceNode& node, const ClassEntry& cls, Modifier modifier,
                      Scope definitionScope, bool baseClassModifier) {
  if (cls.predefined != Predefined::None) {
    node.predefined = cls.predefined;
    node.attributes = merge(std::move(modifier), std::move(node.attributes), diagnostics());
    return;
  }
  if (std::find(instantiating_.begin(), instantiating_.end(), &cls) != instantiating_.end()) {
    diagnostics().error(DiagnosticKind::InvalidOperator, cls.definition->nameRange,
                        "class '" + cls.qualifiedName() +
                            "' contains an instance of itself (an infinitely large model)");
    return;
  }
  instantiating_.push_back(&cls);
  const ast::ClassDef& definition = *cls.definition;
  if (auto* body = std::get_if<ast::LongClassSpecifier>(&definition.specifier)) {
    fillLong(node, cls, *body, std::move(modifier), baseClassModifier);
  } else if (auto* s = std::get_if<ast::ShortClassSpecifier>(&definition.specifier)) {
    fillShort(node, cls, *s, std::move(modifier), definitionScope, baseClassModifier);
  } else if (auto* e = std::get_if<ast::EnumerationSpecifier>(&definition.specifier)) {
    node.unspecifiedEnumeration = e->unspecified;
    for (const ast::EnumerationLiteral& literal : e->literals) {
      checkEnumerationLiteral(node, literal);
      node.enumeration.push_back(literal.name);
    }
    node.enumerationType = &cls;
    node.attributes = merge(std::move(modifier), std::move(node.attributes), diagnostics());
  } else {
    diagnostics().error(DiagnosticKind::Unsupported, definition.nameRange,
                        "derivative function definitions (der(f, x)) are not supported yet");
  }
  instantiating_.pop_back();
}

// MLS 4.8.5: literals are distinct and do not take the names of the type's attributes,
// which share their scope.
void Elaborator::checkEnumerationLiteral(const InstanceNode& node,
                                         const ast::EnumerationLiteral& literal) {
  static const char* const attributes[] = {"quantity", "min", "max", "start", "fixed"};
  std::string problem;
  if (std::find(node.enumeration.begin(), node.enumeration.end(), literal.name) !=
      node.enumeration.end()) {
    problem = "the enumeration already has a literal '" + literal.name + "'";
  }
  for (const char* attribute : attributes) {
    if (literal.name == attribute) {
      problem =
          "'" + literal.name + "' is an attribute of enumeration types and cannot be a literal";
    }
  }
  if (problem.empty()) return;
  if (!enumerationsChecked_.insert(&literal).second) return;
  diagnostics().error(DiagnosticKind::DuplicateDeclaration, literal.range,
                      problem + " (MLS 4.8.5)");
}

// `type T = input Base[dims](mods)`: the base is looked up where T is defined, T's own
// modifications sit between the outer modifier and the base (MLS 4.5.1).
void Elaborator::fillShort(InstanceNode& node, const ClassEntry& cls,
                           const ast::ShortClassSpecifier& s, Modifier modifier,
                           Scope definitionScope, bool baseClassModifier) {
  Scope scope{definitionScope.instance, cls.parent};
  Scope baseScope;
  const ClassEntry* base = names_.lookupClass(s.base, scope, &baseScope);
  if (!base) return;
  Modifier own = s.modification ? makeModifier(*s.modification, scope, diagnostics()) : Modifier{};
  // `type IC = Real(start = 0)`: the modification is of the element type, so every element of
  // an array `IC ic[2]` gets it whole (MLS 7.2.5 splits only the component's own values).
  if (s.subscripts.empty()) markEach(own);
  for (const ast::Subscript& subscript : s.subscripts)
    node.typeDims.push_back({&subscript, scope});
  if (s.causality != ast::Causality::None) node.causality = s.causality;
  // MLS 4.5.1: a short class definition of a partial class is partial.
  if (base->definition && base->definition->partial) node.partial = true;
  node.definition = base;
  fill(node, *base, merge(std::move(modifier), std::move(own), diagnostics()), baseScope,
       baseClassModifier);
}

bool Elaborator::isClassExtension(const ClassEntry& cls) {
  if (!cls.definition) return false;
  const auto* body = std::get_if<ast::LongClassSpecifier>(&cls.definition->specifier);
  return body && body->extendsForm;
}

// MLS 7.3.1: `model extends M(mods) ... end M;` is the inherited M, modified by `mods`,
// with the new elements added: the inherited class is its first base class.
bool Elaborator::inheritForClassExtension(InstanceNode& node, const ClassEntry& cls,
                                          const ast::LongClassSpecifier& body) {
  auto base = classExtensionBases_.find(&cls);
  if (base == classExtensionBases_.end()) {
    diagnostics().error(DiagnosticKind::ClassNotFound, cls.definition->nameRange,
                        std::string("'") + ast::spelling(cls.definition->kind) + " extends " +
                            cls.name + "' needs an inherited class '" + cls.name +
                            "' to extend, but the enclosing class inherits none (MLS 7.3.1)");
    return false;
  }
  Modifier own = body.extendsModification
                     ? makeModifier(*body.extendsModification, Scope{&node, &cls}, diagnostics())
                     : Modifier{};
  fill(node, *base->second.original, std::move(own), base->second.scope,
       /*baseClassModifier=*/true);
  return true;
}

void Elaborator::fillLong(InstanceNode& node, const ClassEntry& cls,
                          const ast::LongClassSpecifier& body, Modifier modifier,
                          bool baseClassModifier) {
  if (body.extendsForm && !inheritForClassExtension(node, cls, body)) return;
  if (checkedRestrictions_.insert(&cls).second) checkRestrictions(cls, body.composition);
  std::size_t firstComponent = node.components.size();
  std::size_t firstClass = node.classes.size();
  addElements(node, cls, body.composition);
  Scope scope{&node, &cls};
  for (const ast::EquationSection& section : body.composition.equationSections) {
    node.sections.push_back({&section, nullptr, scope});
  }
  for (const ast::AlgorithmSection& section : body.composition.algorithmSections) {
    node.sections.push_back({nullptr, &section, scope});
  }
  if (body.composition.external) node.external = &*body.composition.external;
  for (const auto& annotation : body.composition.annotations) {
    node.annotations.push_back(annotation.get());
  }
  applyModifier(node, std::move(modifier), firstComponent, firstClass, baseClassModifier);
}

// MLS 4.6: what the specialized classes record, connector and their operator and expandable
// forms may not contain.
void Elaborator::checkRestrictions(const ClassEntry& cls, const ast::Composition& body) {
  using K = ast::ClassKind;
  K kind = cls.definition->kind;
  bool record = kind == K::Record || kind == K::OperatorRecord;
  bool connector = kind == K::Connector || kind == K::ExpandableConnector;
  if (!record && !connector) return;
  std::string what = std::string("a ") + ast::spelling(kind);
  auto fail = [&](SourceRange range, const std::string& message) {
    diagnostics().error(DiagnosticKind::InvalidOperator, range,
                        what + " " + message + " (MLS 4.6)");
  };
  for (const ast::EquationSection& section : body.equationSections) {
    fail(section.range, "cannot have equations");
  }
  for (const ast::AlgorithmSection& section : body.algorithmSections) {
    fail(section.range, "cannot have algorithms");
  }
  for (const ast::Element& element : body.elements) {
    if (element.visibility == ast::Visibility::Protected) {
      fail(element.range, "cannot have protected elements");
      break;
    }
  }
  for (const ast::Element& element : body.elements) {
    if (element.inner || element.outer) fail(element.range, "cannot have inner or outer elements");
    const auto* component = std::get_if<ast::Component>(&element.node);
    if (!component || !record) continue;
    if (component->prefix.causality != ast::Causality::None) {
      fail(element.range, "cannot have input or output components");
    }
    if (component->prefix.connector != ast::ConnectorKind::None) {
      fail(element.range, "cannot have flow or stream components");
    }
  }
}

namespace {

std::string subscriptsText(const std::vector<ast::Subscript>& subscripts) {
  std::string text;
  for (const ast::Subscript& subscript : subscripts)
    text += (subscript.value ? ast::toModelica(*subscript.value) : std::string(":")) + ",";
  return "[" + text + "]";
}

/// A component declaration as canonical text with every prefix, for the identity test of
/// MLS 7.1 (an inherited element may repeat an existing one only if they are identical).
std::string declarationText(const ast::Element& element, const ast::Component& clause,
                            const ast::Declaration& declaration) {
  std::string text = std::to_string(element.visibility == ast::Visibility::Protected) +
                     std::to_string(element.isFinal) + std::to_string(element.inner) +
                     std::to_string(element.outer) + std::to_string(element.replaceable) +
                     std::to_string(static_cast<int>(clause.prefix.connector)) +
                     std::to_string(static_cast<int>(clause.prefix.variability)) +
                     std::to_string(static_cast<int>(clause.prefix.causality)) + " ";
  text += clause.type.str() + subscriptsText(clause.typeSubscripts);
  text += " " + declaration.name + subscriptsText(declaration.subscripts);
  if (declaration.modification) text += ast::toModelica(*declaration.modification);
  if (declaration.condition) text += " if " + ast::toModelica(*declaration.condition);
  return text;
}

} // namespace

// Local classes first, so that extends clauses and component types can use them; then
// extends clauses and components in declaration order (inherited elements take the place of
// the extends clause, MLS 7.1).
void Elaborator::addElements(InstanceNode& node, const ClassEntry& cls,
                             const ast::Composition& body) {
  for (const ast::Element& element : body.elements) {
    const auto* nested = std::get_if<ast::ClassDefPtr>(&element.node);
    if (!nested) continue;
    const std::string& name = (*nested)->name;
    ClassEntry* entry = tree_.member(const_cast<ClassEntry&>(cls), name);
    if (LocalClass* existing = node.findClass(name)) {
      if (existing->redeclared) {
        // A derived class's redeclaration wins (MLS 7.3); `element` is what it redeclares.
        Scope scope{&node, &cls};
        // `model extends M ... end M;` extends the inherited M it replaces (MLS 7.3.1).
        // In a chain (`model extends M` over a base's `model extends M`) each extension
        // extends the next inherited M.
        for (const ClassEntry* extension = existing->entry;
             isClassExtension(*extension) && extension != entry;) {
          auto [it, inserted] =
              classExtensionBases_.try_emplace(extension, ClassExtensionBase{entry, scope});
          if (inserted) break;
          extension = it->second.original;
        }
        // What it replaces is the nearest inherited declaration, met first.
        if (existing->originalSeen) continue;
        existing->originalSeen = true;
        Replaceability original = classReplaceability(element, *entry, scope);
        redeclare(original, name, prefixesOf(*existing->element, existing->scope, element),
                  Constraint{entry, nullptr, scope, (*nested)->nameRange});
        existing->replaceability = std::move(original);
        continue;
      }
      bool identical =
          existing->scope.lexical != &cls && existing->entry && existing->entry->definition &&
          existing->isProtected == (element.visibility == ast::Visibility::Protected) &&
          ast::toModelica(*existing->entry->definition) == ast::toModelica(**nested);
      if (!element.redeclare && identical) continue; // MLS 7.1: the first one is kept
      if (!element.redeclare && existing->entry != entry) {
        auto& d = diagnostics().error(DiagnosticKind::DuplicateDeclaration, (*nested)->nameRange,
                                      "class '" + name + "' is already declared");
        d.notes.push_back(
            {existing->entry->definition ? existing->entry->definition->nameRange : SourceRange{},
             "the other declaration"});
      }
      existing->entry = entry;
      existing->scope = Scope{&node, &cls};
      existing->redeclared = element.redeclare;
      continue;
    }
    Scope scope{&node, &cls};
    // A class extension replaces the inherited class of its name like a redeclaration.
    node.classes.push_back({name, entry, scope, element.redeclare || isClassExtension(*entry),
                            element.visibility == ast::Visibility::Protected,
                            classReplaceability(element, *entry, scope), &element});
    node.classes.back().extensionForOwnText = isClassExtension(*entry) && !element.redeclare;
  }
  for (const ast::Element& element : body.elements) {
    if (auto* extends = std::get_if<ast::ExtendsClause>(&element.node)) {
      inherit(node, cls, element, *extends);
    } else if (auto* clause = std::get_if<ast::Component>(&element.node)) {
      for (const ast::Declaration& declaration : clause->declarations) {
        addComponent(node, cls, element, *clause, declaration);
      }
    }
  }
}

namespace {

// MLS 7.1.3: which kind of class may extend which.
bool baseKindAllowed(ast::ClassKind derived, ast::ClassKind base) {
  using K = ast::ClassKind;
  if (base == K::Class || derived == base) return true;
  switch (derived) {
  case K::OperatorFunction: return base == K::Function;
  case K::Connector: return base == K::Type || base == K::Record || base == K::OperatorRecord;
  case K::Block: return base == K::Record;
  case K::Model: return base == K::Record || base == K::Block;
  default: return false;
  }
}

} // namespace

// Whether `name` is a class declared in `cls` or in a class enclosing it (not inherited).
bool Elaborator::declaredLexically(const ClassEntry& cls, const std::string& name) {
  for (const ClassEntry* scope = &cls; scope; scope = scope->parent)
    if (tree_.member(const_cast<ClassEntry&>(*scope), name)) return true;
  return false;
}

// The name after `extends`, where it names a class of this one: MLS 5.6.1 ("the names in
// extends clauses ... must not be found through inherited elements") and MLS 7.1.4 ("The class
// name used after extends for base classes ... must use a class reference considered
// transitively non-replaceable").
bool Elaborator::checkBaseClassName(InstanceNode& node, const ClassEntry& cls,
                                    const ast::Name& base) {
  if (base.global) return true;
  const LocalClass* local = node.findClass(base.parts.front());
  if (!local || !local->element) return true;
  if (!local->redeclared && !declaredLexically(cls, base.parts.front())) {
    auto& d = diagnostics().error(DiagnosticKind::UndefinedName, base.range,
                                  "'" + base.parts.front() +
                                      "' is found only among inherited elements, which an "
                                      "extends clause must not use (MLS 5.6.1)");
    d.notes.push_back({local->element->range, "inherited from here"});
    return false;
  }
  if (base.parts.size() == 1 && local->element->replaceable) {
    auto& d = diagnostics().error(DiagnosticKind::InvalidOperator, base.range,
                                  "the base class '" + base.str() +
                                      "' is replaceable; a base class must not be (MLS 7.1.4)");
    d.notes.push_back({local->element->range, "declared replaceable here"});
    return false;
  }
  return true;
}

namespace {

/// An operator record defined inside `definition`, at any depth of its own text (the classes
/// of a directory package's other files are not searched).
const ast::ClassDef* enclosedOperatorRecord(const ast::ClassDef& definition) {
  const auto* body = std::get_if<ast::LongClassSpecifier>(&definition.specifier);
  if (!body) return nullptr;
  for (const ast::Element& element : body->composition.elements) {
    const auto* nested = std::get_if<ast::ClassDefPtr>(&element.node);
    if (!nested || !*nested) continue;
    if ((*nested)->kind == ast::ClassKind::OperatorRecord) return nested->get();
    if (const ast::ClassDef* deeper = enclosedOperatorRecord(**nested)) return deeper;
  }
  return nullptr;
}

} // namespace

// MLS 4.6, operator record: only a short class definition may extend an operator record
// (`operator record R2 = R(...)`), and no class may extend one of its enclosing scopes.
bool Elaborator::operatorRecordsAllowExtending(const ClassEntry& base, SourceRange range) {
  if (!base.definition) return true;
  if (base.definition->kind == ast::ClassKind::OperatorRecord) {
    diagnostics().error(DiagnosticKind::InvalidOperator, range,
                        "the operator record '" + base.qualifiedName() +
                            "' can only be extended by a short class definition, as in "
                            "`operator record R2 = " +
                            base.name + "(...)` (MLS 4.6)");
    return false;
  }
  const ast::ClassDef* record = enclosedOperatorRecord(*base.definition);
  if (!record) return true;
  auto& d = diagnostics().error(DiagnosticKind::InvalidOperator, range,
                                "'" + base.qualifiedName() + "' encloses the operator record '" +
                                    record->name +
                                    "', and no class may extend an enclosing scope of an "
                                    "operator record (MLS 4.6)");
  d.notes.push_back({record->nameRange, "the operator record"});
  return false;
}

void Elaborator::inherit(InstanceNode& node, const ClassEntry& cls, const ast::Element& element,
                         const ast::ExtendsClause& extends) {
  Scope scope{&node, &cls};
  Scope baseScope;
  const ClassEntry* base = names_.lookupClass(extends.base, scope, &baseScope);
  if (!base) return;
  if (!checkBaseClassName(node, cls, extends.base)) return;
  ast::ClassKind baseKind = base->definition ? base->definition->kind
                            : base->predefined == Predefined::ExternalObject
                                ? ast::ClassKind::Class // MLS 12.9.7: a partial class
                                : ast::ClassKind::Type;
  if (cls.definition && !baseKindAllowed(cls.definition->kind, baseKind)) {
    diagnostics().error(DiagnosticKind::InvalidOperator, extends.base.range,
                        std::string("a ") + ast::spelling(cls.definition->kind) +
                            " cannot extend a " + ast::spelling(baseKind) + " ('" +
                            base->qualifiedName() + "', MLS 7.1.3)");
    return;
  }
  if (!operatorRecordsAllowExtending(*base, extends.base.range)) return;
  Modifier modifier =
      extends.modification ? makeModifier(*extends.modification, scope, diagnostics()) : Modifier{};
  std::size_t firstComponent = node.components.size();
  std::size_t firstClass = node.classes.size();
  std::size_t dimsBefore = node.typeDims.size();
  ast::Causality causalityBefore = node.causality;
  bool simpleBefore = node.isPredefined() || node.isEnumeration();
  fill(node, *base, std::move(modifier), baseScope, /*baseClassModifier=*/true);
  if (node.typeDims.size() > dimsBefore) {
    checkAloneWithBase(cls, element, "an array class");
  } else if (node.causality != causalityBefore) {
    checkAloneWithBase(cls, element, "a class with an input or output prefix");
  } else if (!simpleBefore && (node.isPredefined() || node.isEnumeration())) {
    checkAloneWithBase(cls, element, "a simple type");
  }
  // MLS 7.1.2: elements inherited through a protected extends clause are protected.
  if (element.visibility == ast::Visibility::Protected) {
    for (std::size_t i = firstComponent; i < node.components.size(); ++i) {
      node.components[i].isProtected = true;
    }
    for (std::size_t i = firstClass; i < node.classes.size(); ++i) {
      node.classes[i].isProtected = true;
    }
  }
}

// MLS 4.5.2: a class extending an array class, a class with a base prefix or a simple type
// (directly or through its bases) has no components, other base classes, equations,
// algorithms or protected elements.
void Elaborator::checkAloneWithBase(const ClassEntry& cls, const ast::Element& extends,
                                    const std::string& baseKind) {
  if (!checkedExtends_.insert(&extends).second || !cls.definition) return;
  const auto* body = std::get_if<ast::LongClassSpecifier>(&cls.definition->specifier);
  if (!body) return;
  const ast::Composition& composition = body->composition;
  std::string other;
  for (const ast::Element& element : composition.elements) {
    if (&element == &extends || std::holds_alternative<ast::ImportClause>(element.node)) continue;
    if (std::holds_alternative<ast::Component>(element.node)) other = "components";
    if (std::holds_alternative<ast::ExtendsClause>(element.node)) other = "other base classes";
    if (element.visibility == ast::Visibility::Protected) other = "protected elements";
    if (!other.empty()) break;
  }
  if (other.empty() && !composition.equationSections.empty()) other = "equations";
  if (other.empty() && !composition.algorithmSections.empty()) other = "algorithms";
  if (other.empty()) return;
  const auto& clause = std::get<ast::ExtendsClause>(extends.node);
  diagnostics().error(DiagnosticKind::InvalidOperator, clause.base.range,
                      "'" + cls.qualifiedName() + "' extends " + baseKind + " ('" +
                          clause.base.str() + "'), so it cannot also have " + other +
                          " (MLS 4.5.2)");
}

void Elaborator::addComponent(InstanceNode& node, const ClassEntry& cls,
                              const ast::Element& element, const ast::Component& clause,
                              const ast::Declaration& declaration) {
  Scope scope{&node, &cls};
  Modifier modifier = declaration.modification
                          ? makeModifier(*declaration.modification, scope, diagnostics())
                          : Modifier{};
  Modifier constraint = constraintModifierOf(element, modifier, scope);
  if (element.constraining && element.constraining->modification)
    modifier = merge(std::move(modifier), constraint, diagnostics());
  // `final Real x = 1` may not be modified from outside (MLS 7.2.6).
  if (element.isFinal) {
    modifier.isFinal = true;
    modifier.range = declaration.range;
  }
  if (LocalClass* local = node.findClass(declaration.name)) {
    // MLS 4.2: a class and a component of one class cannot share a name.
    auto& d = diagnostics().error(DiagnosticKind::DuplicateDeclaration, declaration.range,
                                  "'" + declaration.name + "' is already declared as a class");
    if (local->entry && local->entry->definition) {
      d.notes.push_back({local->entry->definition->nameRange, "the class"});
    }
    return;
  }
  if (ComponentInstance* existing = node.findComponent(declaration.name)) {
    if (existing->declaration == &declaration) return; // the same element inherited twice
    // MLS 7.1: an inherited declaration identical to an existing one (same prefixes, type,
    // modifiers) is dropped; within one class a repeated name is an error (MLS 4.2).
    if (!element.redeclare && existing->declaringClass != &cls &&
        declarationText(*existing->element, *existing->clause, *existing->declaration) ==
            declarationText(element, clause, declaration)) {
      return;
    }
    if (!element.redeclare) {
      auto& d = diagnostics().error(DiagnosticKind::DuplicateDeclaration, declaration.range,
                                    "'" + declaration.name + "' is already declared");
      d.notes.push_back({existing->declaration->range, "the other declaration"});
      return;
    }
    // An element `redeclare Real x = ...` replaces the inherited x (MLS 7.3).
    RedeclarationPrefixes by = prefixesOf(element, scope, *existing->element);
    by.range = declaration.range;
    redeclare(existing->replaceability, declaration.name, by,
              Constraint{nullptr, &existing->clause->type, existing->scope,
                         existing->declaration->range});
    existing->element = &element;
    existing->clause = &withInheritedPrefixes(clause, *existing->clause);
    existing->declaration = &declaration;
    existing->scope = scope;
    existing->constraintModifier =
        redeclaredConstraintModifier(element, std::move(existing->constraintModifier), scope);
    existing->modifier = merge(std::move(modifier), existing->constraintModifier, diagnostics());
    existing->declaringClass = &cls;
    return;
  }
  ComponentInstance component;
  component.name = declaration.name;
  component.element = &element;
  component.clause = &clause;
  component.declaration = &declaration;
  component.owner = &node;
  component.scope = scope;
  component.modifier = std::move(modifier);
  component.constraintModifier = std::move(constraint);
  component.isProtected = element.visibility == ast::Visibility::Protected;
  component.declaringClass = &cls;
  component.replaceability =
      replaceabilityOf(element, clause.type, scope, declaration.range,
                       clause.prefix.variability == ast::Variability::Constant);
  node.addComponent(std::move(component));
}

void Elaborator::applyModifier(InstanceNode& node, Modifier modifier, std::size_t firstComponent,
                               std::size_t firstClass, bool baseClassModifier) {
  if (node.isPredefined()) {
    node.attributes = merge(std::move(modifier), std::move(node.attributes), diagnostics());
    return;
  }
  if (modifier.value) {
    Modifier value;
    value.value = modifier.value;
    value.range = modifier.range;
    node.attributes = merge(std::move(value), std::move(node.attributes), diagnostics());
  }
  for (auto& [name, child] : modifier.elements) {
    auto component = std::find_if(node.components.begin() + firstComponent, node.components.end(),
                                  [&](const ComponentInstance& c) { return c.name == name; });
    if (component != node.components.end()) {
      checkProtectedModification(component->isProtected, name, child, baseClassModifier);
      if (child.redeclaration && child.redeclaration->component) {
        redeclareComponent(*component, child);
      } else {
        component->modifier =
            merge(std::move(child), std::move(component->modifier), diagnostics());
      }
      continue;
    }
    auto local = std::find_if(node.classes.begin() + firstClass, node.classes.end(),
                              [&](const LocalClass& c) { return c.name == name; });
    if (local != node.classes.end() && child.redeclaration && child.redeclaration->classDef) {
      checkProtectedModification(local->isProtected, name, child, baseClassModifier);
      redeclareClass(*local, child);
      continue;
    }
    std::vector<std::string> names;
    for (const ComponentInstance& c : node.components)
      names.push_back(c.name);
    auto& d = diagnostics().error(DiagnosticKind::UndefinedName, child.range,
                                  "'" + name + "' is not an element of '" +
                                      node.entry->qualifiedName() + "' that can be modified");
    if (auto suggestion = nearestName(name, names)) {
      d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
    }
  }
}

// MLS 4.1: a protected element is modified or redeclared only by its own declaration or by
// the modification of an extends clause (not one nested inside a component or class).
void Elaborator::checkProtectedModification(bool isProtected, const std::string& name,
                                            const Modifier& child, bool baseClassModifier) {
  if (!isProtected || baseClassModifier) return;
  diagnostics().error(DiagnosticKind::InvalidOperator, child.range,
                      "'" + name + "' is protected: only an extends clause may " +
                          (child.redeclaration ? "redeclare" : "modify") + " it (MLS 4.1)");
}

void Elaborator::redeclareComponent(ComponentInstance& component, const Modifier& modifier) {
  const ast::Component& clause = *modifier.redeclaration->component;
  const ast::Declaration& declaration = clause.declarations.front();
  Scope scope = modifier.redeclarationScope;
  redeclare(
      component.replaceability, component.name, prefixesOf(*modifier.redeclaration, scope),
      Constraint{nullptr, &component.clause->type, component.scope, component.declaration->range});
  Modifier own = declaration.modification
                     ? makeModifier(*declaration.modification, scope, diagnostics())
                     : Modifier{};
  Modifier outer = modifier;
  outer.redeclaration = nullptr;
  if (declaration.subscripts.empty() && clause.typeSubscripts.empty()) {
    component.sizeDeclaration = component.declaration;
    component.sizeClause = component.clause;
  }
  component.clause = &withInheritedPrefixes(clause, *component.clause);
  component.declaration = &declaration;
  component.scope = scope;
  component.constraintModifier = redeclaredConstraintModifier(
      *modifier.redeclaration, std::move(component.constraintModifier), scope);
  component.modifier =
      merge(std::move(outer), merge(std::move(own), component.constraintModifier, diagnostics()),
            diagnostics());
  component.typeProgress = ComponentInstance::Progress::Pending;
  component.dimsProgress = ComponentInstance::Progress::Pending;
}

// MLS 7.3.2: the modifiers of a replaceable component's constraining clause, or without one
// those of its original declaration, apply to every redeclaration of it ("A modification of
// the base type without a constraining type is automatically applied in subsequent
// redeclarations"). `declared` is the declaration's own modifier.
Modifier Elaborator::constraintModifierOf(const ast::Element& element, const Modifier& declared,
                                          Scope scope) {
  if (!element.replaceable) return {};
  if (!element.constraining) return declared;
  if (!element.constraining->modification) return {};
  return makeModifier(*element.constraining->modification, scope, diagnostics());
}

// A redeclaration with a constraining clause of its own defines the new constraining type; the
// replaced one's modifiers are merged into it, outer over inner (MLS 7.3.2).
template <typename Redeclaring>
Modifier Elaborator::redeclaredConstraintModifier(const Redeclaring& redeclaring,
                                                  Modifier inherited, Scope scope) {
  if (!redeclaring.constraining || !redeclaring.constraining->modification) return inherited;
  return merge(makeModifier(*redeclaring.constraining->modification, scope, diagnostics()),
               std::move(inherited), diagnostics());
}

// MLS 7.3: a redeclaration without a prefix of one group (flow/stream; discrete/parameter/
// constant; input/output) keeps the original declaration's prefix of that group.
const ast::Component& Elaborator::withInheritedPrefixes(const ast::Component& redeclared,
                                                        const ast::Component& original) {
  ast::TypePrefix prefix = redeclared.prefix;
  if (prefix.connector == ast::ConnectorKind::None) prefix.connector = original.prefix.connector;
  if (prefix.variability == ast::Variability::Continuous)
    prefix.variability = original.prefix.variability;
  if (prefix.causality == ast::Causality::None) prefix.causality = original.prefix.causality;
  bool same = prefix.connector == redeclared.prefix.connector &&
              prefix.variability == redeclared.prefix.variability &&
              prefix.causality == redeclared.prefix.causality;
  // Type subscripts cannot be copied; a clause with them keeps its own prefixes.
  if (same || !redeclared.typeSubscripts.empty()) return redeclared;
  auto clause = std::make_unique<ast::Component>();
  clause->prefix = prefix;
  clause->type = redeclared.type;
  clause->range = redeclared.range;
  inheritedPrefixClauses_.push_back(std::move(clause));
  return *inheritedPrefixClauses_.back();
}

void Elaborator::redeclareClass(LocalClass& local, const Modifier& modifier) {
  const ast::ClassDef* definition = modifier.redeclaration->classDef.get();
  auto* lexical = const_cast<ClassEntry*>(modifier.redeclarationScope.lexical);
  SourceRange originalRange =
      local.entry && local.entry->definition ? local.entry->definition->nameRange : SourceRange{};
  redeclare(local.replaceability, local.name,
            prefixesOf(*modifier.redeclaration, modifier.redeclarationScope),
            Constraint{local.entry, nullptr, local.scope, originalRange});
  local.entry = tree_.adopt(definition, lexical);
  local.scope = modifier.redeclarationScope;
  local.redeclaredByModifier = true;
}

} // namespace mocc::frontend
