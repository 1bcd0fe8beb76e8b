// The instance tree as text (`mocc instances`): what instantiation made of a class before
// flattening (MLS 5.6), so that lookup, modifiers, redeclarations and inner/outer can be checked
// in golden tests and by users.
//
// One line per component: its prefixes, its class after redeclarations, its name with the
// evaluated sizes, and for components of predefined type the merged modifier (MLS 7.2: outer
// over inner, `each` and `final` kept, an element's slice of an array value shown as `[i]`).
// Components of class type list their components below them, per array element. Replaceable
// and redeclared classes of an instance are listed with the class they stand for; an outer
// component names the inner one it stands for; a conditional component shows its condition's
// value (a removed one has nothing below it).
#include "elaborator.h"

#include "mocc/ast/printer.h"

#include <sstream>

namespace mocc::frontend {

namespace {

std::string indentation(int depth) { return std::string(static_cast<std::size_t>(2 * depth), ' '); }

/// `[2, 3]`: subscripts or sizes; empty for none.
std::string bracketed(const std::vector<std::size_t>& numbers) {
  if (numbers.empty()) return "";
  std::string text = "[";
  for (std::size_t i = 0; i < numbers.size(); ++i)
    text += (i ? ", " : "") + std::to_string(numbers[i]);
  return text + "]";
}

std::string valueText(const Modifier::Value& value) {
  std::string text = value.each ? "each " : "";
  if (!value.expr) return text + "break";
  std::string expression = ast::toModelica(*value.expr);
  if (!value.slice.empty()) expression = "(" + expression + ")" + bracketed(value.slice);
  return text + expression;
}

/// `(start = 1, fixed = true) = 2`, as the merged modifier of a component stands.
std::string modifierText(const Modifier& modifier) {
  std::string text;
  if (!modifier.elements.empty()) {
    text += "(";
    for (std::size_t i = 0; i < modifier.elements.size(); ++i) {
      const auto& [name, element] = modifier.elements[i];
      text += (i ? ", " : "") + std::string(element.isFinal ? "final " : "") + name +
              modifierText(element);
    }
    text += ")";
  }
  if (modifier.value) text += " = " + valueText(*modifier.value);
  return text;
}

std::string prefixText(const ComponentInstance& component) {
  std::string text;
  const ast::Element& element = *component.element;
  if (component.isProtected) text += "protected ";
  if (element.isFinal || component.modifier.isFinal) text += "final ";
  if (element.inner) text += "inner ";
  if (element.outer) text += "outer ";
  if (element.redeclare) text += "redeclare ";
  if (element.replaceable) text += "replaceable ";
  const ast::TypePrefix& prefix = component.clause->prefix;
  if (prefix.connector == ast::ConnectorKind::Flow) text += "flow ";
  if (prefix.connector == ast::ConnectorKind::Stream) text += "stream ";
  switch (prefix.variability) {
  case ast::Variability::Discrete: text += "discrete "; break;
  case ast::Variability::Parameter: text += "parameter "; break;
  case ast::Variability::Constant: text += "constant "; break;
  case ast::Variability::Continuous: break;
  }
  if (prefix.causality == ast::Causality::Input) text += "input ";
  if (prefix.causality == ast::Causality::Output) text += "output ";
  return text;
}

/// Row-major subscripts of element k of an array of `dims`.
std::vector<std::size_t> subscriptsOf(std::size_t k, const std::vector<std::size_t>& dims) {
  std::vector<std::size_t> index(dims.size());
  for (std::size_t d = dims.size(); d-- > 0;) {
    index[d] = k % dims[d] + 1;
    k /= dims[d];
  }
  return index;
}

class InstancePrinter {
public:
  explicit InstancePrinter(Elaborator& el) : el_(el) {}

  std::string print(InstanceNode& root, const ClassEntry& cls) {
    out_ << ast::spelling(cls.definition->kind) << " " << cls.qualifiedName() << "\n";
    printNode(root, 1);
    return out_.str();
  }

private:
  void printNode(InstanceNode& node, int depth) {
    for (LocalClass& local : node.classes)
      printClass(local, depth);
    for (ComponentInstance& component : node.components)
      printComponent(component, depth);
  }

  /// A replaceable or redeclared class: what it stands for (a short class: the name it gives).
  void printClass(const LocalClass& local, int depth) {
    bool redeclared = local.redeclared || local.redeclaredByModifier;
    if (!redeclared && !local.replaceability.replaceable) return;
    if (!local.entry || !local.entry->definition) return;
    const ast::ClassDef& definition = *local.entry->definition;
    const auto* shortClass = std::get_if<ast::ShortClassSpecifier>(&definition.specifier);
    out_ << indentation(depth) << (redeclared ? "redeclare " : "replaceable ")
         << ast::spelling(definition.kind) << " " << local.name << " = "
         << (shortClass ? shortClass->base.str() : local.entry->qualifiedName()) << "\n";
  }

  void printComponent(ComponentInstance& component, int depth) {
    out_ << indentation(depth) << prefixText(component);
    const ClassEntry* type = el_.componentType(component);
    const std::vector<std::size_t>* dims = type ? el_.dims(component) : nullptr;
    out_ << (type ? type->qualifiedName() : "?") << " " << component.name
         << (dims ? bracketed(*dims) : "");
    if (!type || !dims) {
      out_ << "  (not instantiated: an error above)\n";
      return;
    }
    if (!printCondition(component)) return;
    if (component.element->outer && !component.element->inner) {
      ComponentInstance* inner = el_.names().innerOf(component);
      if (inner && inner != &component) {
        std::string path = inner->owner && !inner->owner->path.empty()
                               ? inner->owner->path + "." + inner->name
                               : inner->name;
        out_ << "  (the inner " << path << ")\n";
        return;
      }
    }
    if (el_.isScalarType(component)) {
      out_ << modifierText(component.modifier) << "\n";
      return;
    }
    out_ << "\n";
    printElements(component, *dims, depth);
  }

  /// ` if <condition>` and its value; false when the component is removed.
  bool printCondition(ComponentInstance& component) {
    const ast::ExprPtr& condition = component.declaration->condition;
    if (!condition) return true;
    LowerContext context;
    context.scope = component.scope;
    std::optional<bool> enabled = el_.evaluateBoolean(
        *condition, context, "the condition of component '" + component.name + "'");
    out_ << " if " << ast::toModelica(*condition) << " ("
         << (enabled ? (*enabled ? "true" : "false") : "?") << ")";
    if (enabled.value_or(false)) return true;
    out_ << "  (removed, MLS 4.4.5)\n";
    return false;
  }

  void printElements(ComponentInstance& component, const std::vector<std::size_t>& dims,
                     int depth) {
    std::vector<InstanceNode*>* elements = el_.elements(component);
    if (!elements) return;
    if (dims.empty()) {
      if (!elements->empty()) printNode(*elements->front(), depth + 1);
      return;
    }
    for (std::size_t k = 0; k < elements->size(); ++k) {
      out_ << indentation(depth + 1) << bracketed(subscriptsOf(k, dims)) << "\n";
      printNode(*(*elements)[k], depth + 2);
    }
  }

  Elaborator& el_;
  std::ostringstream out_;
};

} // namespace

std::optional<std::string> printInstanceTree(ClassTree& tree, ClassEntry& cls,
                                             const ExternalEvaluator* external) {
  if (!cls.definition) return std::nullopt;
  Elaborator elaborator(tree, external);
  std::size_t errorsBefore = elaborator.diagnostics().errorCount();
  std::unique_ptr<InstanceNode> root =
      elaborator.instantiate(cls, {}, Scope{nullptr, cls.parent}, nullptr, "");
  std::string text = InstancePrinter(elaborator).print(*root, cls);
  if (elaborator.diagnostics().errorCount() > errorsBefore) return std::nullopt;
  return text;
}

} // namespace mocc::frontend
