// Modifiers: building them from source, merging outer over inner (MLS 7.2), slicing them for
// the elements of arrays of components.
#include "instance.h"

namespace mocc::frontend {

Modifier::Modifier() = default;
Modifier::Modifier(const Modifier&) = default;
Modifier::Modifier(Modifier&&) noexcept = default;
Modifier& Modifier::operator=(const Modifier&) = default;
Modifier& Modifier::operator=(Modifier&&) noexcept = default;
Modifier::~Modifier() = default;

bool Modifier::empty() const { return !value && elements.empty() && !redeclaration; }

const Modifier* Modifier::find(const std::string& name) const {
  for (const auto& [element, modifier] : elements) {
    if (element == name) return &modifier;
  }
  return nullptr;
}

Modifier* Modifier::find(const std::string& name) {
  for (auto& [element, modifier] : elements) {
    if (element == name) return &modifier;
  }
  return nullptr;
}

void markEach(Modifier& modifier) {
  if (modifier.value) modifier.value->each = true;
  for (auto& [name, child] : modifier.elements)
    markEach(child);
}

Modifier Modifier::sliced(const std::vector<std::size_t>& index) const {
  Modifier result = *this;
  if (result.value) {
    if (!result.value->each) {
      result.value->slice.insert(result.value->slice.end(), index.begin(), index.end());
    }
    // `each` belongs to the array level it was written for; inside an element the value
    // is an ordinary one again (`C c[2](each a = {1, 2, 3})` gives every c[i].a all three).
    result.value->each = false;
  }
  for (auto& [name, child] : result.elements)
    child = child.sliced(index);
  return result;
}

namespace {

// Adds `child` as the modifier of `name` in `parent`, merging with what an earlier argument
// of the same modification said about other parts of it (`a(x = 1), a.y = 2`).
void addElement(Modifier& parent, const std::string& name, Modifier child,
                Diagnostics& diagnostics) {
  Modifier* existing = parent.find(name);
  if (!existing) {
    parent.elements.emplace_back(name, std::move(child));
    return;
  }
  if (existing->value && child.value) {
    auto& d = diagnostics.error(DiagnosticKind::DuplicateDeclaration, child.range,
                                "'" + name +
                                    "' is modified twice in the same modification "
                                    "(MLS 7.2.6)");
    d.notes.push_back({existing->range, "the other modification"});
    return;
  }
  if (child.value) existing->value = child.value;
  for (auto& [grandchild, modifier] : child.elements) {
    addElement(*existing, grandchild, std::move(modifier), diagnostics);
  }
  existing->isFinal = existing->isFinal || child.isFinal;
}

Modifier argumentModifier(const ast::Argument& argument, Scope scope, Diagnostics& diagnostics) {
  Modifier result;
  result.range = argument.range;
  result.isFinal = argument.isFinal;
  if (argument.modification && argument.modification->modification) {
    result = makeModifier(*argument.modification->modification, scope, diagnostics);
    result.range = argument.range;
    result.isFinal = argument.isFinal;
  } else if (argument.classDef || argument.component) {
    result.redeclaration = &argument;
    result.redeclarationScope = scope;
  }
  if (argument.each) markEach(result);
  return result;
}

// The name an argument modifies: `x`, or the first part of `a.b.c` (the rest nests).
const ast::Name* argumentName(const ast::Argument& argument) {
  if (argument.modification) return &argument.modification->name;
  return nullptr;
}

std::string redeclaredName(const ast::Argument& argument) {
  if (argument.classDef) return argument.classDef->name;
  if (argument.component && !argument.component->declarations.empty()) {
    return argument.component->declarations.front().name;
  }
  return "";
}

} // namespace

Modifier makeModifier(const ast::ClassModification& modification, Scope scope,
                      Diagnostics& diagnostics) {
  Modifier result;
  result.range = modification.range;
  for (const ast::Argument& argument : modification.arguments) {
    if (argument.inheritance) {
      diagnostics.error(DiagnosticKind::Unsupported, argument.range,
                        "'break' of inherited elements is not supported yet");
      continue;
    }
    Modifier child = argumentModifier(argument, scope, diagnostics);
    const ast::Name* name = argumentName(argument);
    if (!name) {
      addElement(result, redeclaredName(argument), std::move(child), diagnostics);
      continue;
    }
    // `a.b.c = 1` is `a(b(c = 1))`.
    for (std::size_t i = name->parts.size() - 1; i > 0; --i) {
      Modifier outer;
      outer.range = child.range;
      outer.elements.emplace_back(name->parts[i], std::move(child));
      child = std::move(outer);
    }
    addElement(result, name->parts.front(), std::move(child), diagnostics);
  }
  return result;
}

Modifier makeModifier(const ast::Modification& modification, Scope scope,
                      Diagnostics& diagnostics) {
  Modifier result;
  if (modification.arguments) result = makeModifier(*modification.arguments, scope, diagnostics);
  result.range = modification.range;
  if (modification.value) {
    Modifier::Value value;
    value.expr = modification.value->isBreak ? nullptr : modification.value->value.get();
    value.scope = scope;
    value.range = modification.value->range;
    result.value = value;
  }
  return result;
}

namespace {

void markSuperseded(std::vector<std::pair<std::string, Modifier>>& elements) {
  for (auto& [name, modifier] : elements) {
    if (modifier.value) modifier.value->superseded = true;
    markSuperseded(modifier.elements);
  }
}

} // namespace

Modifier merge(Modifier outer, Modifier inner, Diagnostics& diagnostics) {
  if (inner.isFinal && (outer.value || !outer.elements.empty() || outer.redeclaration)) {
    auto& d = diagnostics.error(DiagnosticKind::InvalidOperator, outer.range,
                                "this modifies an element declared final (MLS 7.2.6)");
    d.notes.push_back({inner.range, "made final here"});
    return inner;
  }
  Modifier result = std::move(inner);
  if (outer.value) {
    result.value = outer.value;
    markSuperseded(result.elements); // before outer's own elements join them
  }
  if (outer.redeclaration) {
    result.redeclaration = outer.redeclaration;
    result.redeclarationScope = outer.redeclarationScope;
  }
  for (auto& [name, modifier] : outer.elements) {
    if (Modifier* existing = result.find(name)) {
      *existing = merge(std::move(modifier), std::move(*existing), diagnostics);
    } else {
      result.elements.emplace_back(name, std::move(modifier));
    }
  }
  result.isFinal = result.isFinal || outer.isFinal;
  if (outer.range.valid()) result.range = outer.range;
  return result;
}

} // namespace mocc::frontend
