// Printing classes, elements, modifications, equations and statements as canonical Modelica:
// two-space indentation, one element, equation or statement per line, elements before
// equation sections before algorithm sections, and `public`/`protected` only where the
// visibility changes. Parsing the output gives the same AST again.
#include "mocc/ast/printer.h"

#include "literals.h"
#include "modelica_printer.h"

namespace mocc::ast {

// ------------------------------------------------------------------------------- public API

std::string toModelica(const StoredDefinition& definition) {
  ModelicaPrinter printer;
  if (definition.within) {
    printer.text +=
        definition.within->parts.empty() ? "within" : "within " + definition.within->str();
    printer.text += ";\n";
  }
  for (std::size_t i = 0; i < definition.classes.size(); ++i) {
    if (i < definition.finalPrefixes.size() && definition.finalPrefixes[i]) {
      printer.text += "final ";
    }
    printer.classDef(*definition.classes[i], 0);
    printer.text += ";\n";
  }
  return printer.text;
}

std::string toModelica(const ClassDef& classDef, int indent) {
  ModelicaPrinter printer;
  printer.text.assign(static_cast<std::size_t>(indent), ' ');
  printer.classDef(classDef, indent);
  printer.text += ";\n";
  return printer.text;
}

std::string toModelica(const Expr& expr) {
  ModelicaPrinter printer;
  printer.expression(expr);
  return printer.text;
}

std::string toModelica(const ComponentRef& ref) {
  ModelicaPrinter printer;
  printer.componentRef(ref);
  return printer.text;
}

std::string toModelica(const Modification& modification) {
  ModelicaPrinter printer;
  printer.modification(modification);
  if (!printer.text.empty() && printer.text.front() == ' ') printer.text.erase(0, 1);
  return printer.text;
}

// ---------------------------------------------------------------------------------- classes

void ModelicaPrinter::newline(int indent) {
  text += '\n';
  text.append(static_cast<std::size_t>(indent), ' ');
}

void ModelicaPrinter::classPrefixes(const ClassDef& classDef) {
  if (classDef.encapsulated) text += "encapsulated ";
  if (classDef.partial) text += "partial ";
  if (classDef.purity == Purity::Pure) text += "pure ";
  if (classDef.purity == Purity::Impure) text += "impure ";
  text += spelling(classDef.kind);
  text += ' ';
}

void ModelicaPrinter::classDef(const ClassDef& classDef, int indent) {
  classPrefixes(classDef);
  if (const auto* longForm = std::get_if<LongClassSpecifier>(&classDef.specifier)) {
    longClass(classDef, *longForm, indent);
    return;
  }
  text += classDef.name;
  text += " = ";
  if (const auto* shortForm = std::get_if<ShortClassSpecifier>(&classDef.specifier)) {
    shortClass(*shortForm);
  } else if (const auto* enumForm = std::get_if<EnumerationSpecifier>(&classDef.specifier)) {
    enumeration(*enumForm);
  } else {
    const auto& derForm = std::get<DerSpecifier>(classDef.specifier);
    text += "der(";
    name(derForm.function);
    for (const std::string& variable : derForm.withRespectTo)
      text += ", " + variable;
    text += ')';
    comment(derForm.comment);
  }
}

void ModelicaPrinter::longClass(const ClassDef& classDef, const LongClassSpecifier& specifier,
                                int indent) {
  if (specifier.extendsForm) text += "extends ";
  text += classDef.name;
  if (specifier.extendsModification) classModification(*specifier.extendsModification);
  description(specifier.description);
  composition(specifier.composition, indent);
  newline(indent);
  text += "end " + specifier.endName;
}

void ModelicaPrinter::shortClass(const ShortClassSpecifier& specifier) {
  if (specifier.causality == Causality::Input) text += "input ";
  if (specifier.causality == Causality::Output) text += "output ";
  name(specifier.base);
  subscripts(specifier.subscripts);
  if (specifier.modification) classModification(*specifier.modification);
  comment(specifier.comment);
}

void ModelicaPrinter::enumeration(const EnumerationSpecifier& specifier) {
  text += "enumeration(";
  if (specifier.unspecified) text += ':';
  for (std::size_t i = 0; i < specifier.literals.size(); ++i) {
    if (i > 0) text += ", ";
    text += specifier.literals[i].name;
    comment(specifier.literals[i].comment);
  }
  text += ')';
  comment(specifier.comment);
}

void ModelicaPrinter::composition(const Composition& composition, int indent) {
  Visibility visibility = Visibility::Public;
  for (const Element& item : composition.elements) {
    if (item.visibility != visibility) {
      visibility = item.visibility;
      newline(indent);
      text += visibility == Visibility::Public ? "public" : "protected";
    }
    element(item, indent + 2);
  }
  for (const EquationSection& section : composition.equationSections) {
    newline(indent);
    text += section.initial ? "initial equation" : "equation";
    for (const Equation& item : section.equations)
      equation(item, indent + 2);
  }
  for (const AlgorithmSection& section : composition.algorithmSections) {
    newline(indent);
    text += section.initial ? "initial algorithm" : "algorithm";
    for (const Statement& item : section.statements)
      statement(item, indent + 2);
  }
  if (composition.external) externalClause(*composition.external, indent + 2);
  for (const auto& annotation : composition.annotations) {
    newline(indent + 2);
    annotationClause(*annotation);
    text += ';';
  }
}

void ModelicaPrinter::externalClause(const ExternalClause& external, int indent) {
  newline(indent);
  text += "external";
  if (!external.language.empty()) text += ' ' + frontend::quoteString(external.language);
  if (!external.function.empty()) {
    text += ' ';
    if (external.output) {
      componentRef(*external.output);
      text += " = ";
    }
    text += external.function + '(';
    for (std::size_t i = 0; i < external.args.size(); ++i) {
      if (i > 0) text += ", ";
      expression(*external.args[i]);
    }
    text += ')';
  }
  if (external.annotation) {
    text += ' ';
    annotationClause(*external.annotation);
  }
  text += ';';
}

// --------------------------------------------------------------------------------- elements

void ModelicaPrinter::element(const Element& element, int indent) {
  newline(indent);
  if (element.redeclare) text += "redeclare ";
  if (element.isFinal) text += "final ";
  if (element.inner) text += "inner ";
  if (element.outer) text += "outer ";
  if (element.replaceable) text += "replaceable ";
  std::visit(
      [&](const auto& node) {
        using Node = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<Node, ImportClause>)
          importClause(node);
        else if constexpr (std::is_same_v<Node, ExtendsClause>)
          extendsClause(node);
        else if constexpr (std::is_same_v<Node, ClassDefPtr>)
          classDef(*node, indent);
        else
          component(node);
      },
      element.node);
  if (element.constraining) constraining(*element.constraining);
  text += ';';
}

void ModelicaPrinter::importClause(const ImportClause& import) {
  text += "import ";
  if (!import.alias.empty()) text += import.alias + " = ";
  name(import.name);
  if (import.wildcard) text += ".*";
  if (!import.list.empty()) {
    text += ".{";
    for (std::size_t i = 0; i < import.list.size(); ++i) {
      if (i > 0) text += ", ";
      text += import.list[i];
    }
    text += '}';
  }
  comment(import.comment);
}

void ModelicaPrinter::extendsClause(const ExtendsClause& extends) {
  text += "extends ";
  name(extends.base);
  if (extends.modification) classModification(*extends.modification);
  if (extends.annotation) {
    text += ' ';
    annotationClause(*extends.annotation);
  }
}

void ModelicaPrinter::typePrefix(const TypePrefix& prefix) {
  if (prefix.connector == ConnectorKind::Flow) text += "flow ";
  if (prefix.connector == ConnectorKind::Stream) text += "stream ";
  if (prefix.variability == Variability::Discrete) text += "discrete ";
  if (prefix.variability == Variability::Parameter) text += "parameter ";
  if (prefix.variability == Variability::Constant) text += "constant ";
  if (prefix.causality == Causality::Input) text += "input ";
  if (prefix.causality == Causality::Output) text += "output ";
}

void ModelicaPrinter::component(const Component& component) {
  typePrefix(component.prefix);
  name(component.type);
  subscripts(component.typeSubscripts);
  for (std::size_t i = 0; i < component.declarations.size(); ++i) {
    text += i == 0 ? " " : ", ";
    declaration(component.declarations[i]);
  }
}

void ModelicaPrinter::declaration(const Declaration& declaration) {
  text += declaration.name;
  subscripts(declaration.subscripts);
  if (declaration.modification) modification(*declaration.modification);
  if (declaration.condition) {
    text += " if ";
    expression(*declaration.condition);
  }
  comment(declaration.comment);
}

void ModelicaPrinter::constraining(const ConstrainingClause& clause) {
  text += " constrainedby ";
  name(clause.name);
  if (clause.modification) classModification(*clause.modification);
  comment(clause.comment);
}

// ---------------------------------------------------------------------------- modifications

void ModelicaPrinter::modification(const Modification& modification) {
  if (modification.arguments) classModification(*modification.arguments);
  if (!modification.value) return;
  text += modification.value->isAssignment ? " := " : " = ";
  if (modification.value->isBreak) {
    text += "break";
  } else {
    expression(*modification.value->value);
  }
}

void ModelicaPrinter::classModification(const ClassModification& modification) {
  text += '(';
  for (std::size_t i = 0; i < modification.arguments.size(); ++i) {
    if (i > 0) text += ", ";
    argument(modification.arguments[i]);
  }
  text += ')';
}

void ModelicaPrinter::argument(const Argument& argument) {
  if (argument.inheritance) {
    const InheritanceModification& removal = *argument.inheritance;
    text += "break ";
    if (!removal.isConnect) {
      text += removal.element;
      return;
    }
    text += "connect(";
    componentRef(removal.connectA);
    text += ", ";
    componentRef(removal.connectB);
    text += ')';
    return;
  }
  if (argument.redeclare) text += "redeclare ";
  if (argument.each) text += "each ";
  if (argument.isFinal) text += "final ";
  if (argument.replaceable) text += "replaceable ";
  if (argument.modification) {
    name(argument.modification->name);
    if (argument.modification->modification) modification(*argument.modification->modification);
    description(argument.modification->description);
  } else if (argument.classDef) {
    classDef(*argument.classDef, 0);
  } else if (argument.component) {
    typePrefix(argument.component->prefix);
    name(argument.component->type);
    text += ' ';
    declaration(argument.component->declarations.front());
  }
  if (argument.constraining) constraining(*argument.constraining);
}

void ModelicaPrinter::description(const std::string& description) {
  if (description.empty()) return;
  text += ' ';
  text += frontend::quoteString(description);
}

void ModelicaPrinter::annotationClause(const ClassModification& annotation) {
  text += "annotation";
  classModification(annotation);
}

void ModelicaPrinter::comment(const Comment& comment) {
  description(comment.description);
  if (comment.annotation) {
    text += ' ';
    annotationClause(*comment.annotation);
  }
}

// ----------------------------------------------------------------- equations and statements

template <class Body, class PrintBody>
void ModelicaPrinter::conditional(const std::vector<ConditionalBranch<Body>>& branches,
                                  const std::vector<Body>& elseBody, const char* keyword,
                                  const char* elseKeyword, int indent, PrintBody printBody) {
  for (std::size_t i = 0; i < branches.size(); ++i) {
    if (i > 0) {
      newline(indent);
      text += elseKeyword;
    } else {
      text += keyword;
    }
    text += ' ';
    expression(*branches[i].condition);
    text += " then";
    for (const Body& item : branches[i].body)
      printBody(item, indent + 2);
  }
  if (!elseBody.empty()) {
    newline(indent);
    text += "else";
    for (const Body& item : elseBody)
      printBody(item, indent + 2);
  }
  newline(indent);
  text += "end ";
  text += keyword;
}

void ModelicaPrinter::equation(const Equation& equation, int indent) {
  newline(indent);
  auto nested = [&](const Equation& item, int inner) { this->equation(item, inner); };
  std::visit(
      [&](const auto& node) {
        using Node = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<Node, SimpleEquation>) {
          expression(*node.lhs, 1); // the left side is a simple-expression
          text += " = ";
          expression(*node.rhs);
        } else if constexpr (std::is_same_v<Node, IfEquation>) {
          conditional(node.branches, node.elseBody, "if", "elseif", indent, nested);
        } else if constexpr (std::is_same_v<Node, ForEquation>) {
          text += "for ";
          forIterators(node.iterators);
          text += " loop";
          for (const Equation& item : node.body)
            nested(item, indent + 2);
          newline(indent);
          text += "end for";
        } else if constexpr (std::is_same_v<Node, ConnectEquation>) {
          text += "connect(";
          componentRef(node.a);
          text += ", ";
          componentRef(node.b);
          text += ')';
        } else if constexpr (std::is_same_v<Node, WhenEquation>) {
          conditional(node.branches, std::vector<Equation>{}, "when", "elsewhen", indent, nested);
        } else {
          componentRef(node.function);
          text += '(';
          functionArgs(node.args);
          text += ')';
        }
      },
      equation.node);
  comment(equation.comment);
  text += ';';
}

void ModelicaPrinter::statement(const Statement& statement, int indent) {
  newline(indent);
  auto nested = [&](const Statement& item, int inner) { this->statement(item, inner); };
  std::visit(
      [&](const auto& node) {
        using Node = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<Node, AssignStatement>) {
          componentRef(node.target);
          text += " := ";
          expression(*node.value);
        } else if constexpr (std::is_same_v<Node, TupleAssignStatement>) {
          text += '(';
          for (std::size_t i = 0; i < node.targets.size(); ++i) {
            if (i > 0) text += ", ";
            if (node.targets[i]) expression(*node.targets[i]);
          }
          text += ") := ";
          componentRef(node.function);
          text += '(';
          functionArgs(node.args);
          text += ')';
        } else if constexpr (std::is_same_v<Node, CallStatement>) {
          componentRef(node.function);
          text += '(';
          functionArgs(node.args);
          text += ')';
        } else if constexpr (std::is_same_v<Node, BreakStatement>) {
          text += "break";
        } else if constexpr (std::is_same_v<Node, ReturnStatement>) {
          text += "return";
        } else if constexpr (std::is_same_v<Node, IfStatement>) {
          conditional(node.branches, node.elseBody, "if", "elseif", indent, nested);
        } else if constexpr (std::is_same_v<Node, ForStatement>) {
          text += "for ";
          forIterators(node.iterators);
          text += " loop";
          for (const Statement& item : node.body)
            nested(item, indent + 2);
          newline(indent);
          text += "end for";
        } else if constexpr (std::is_same_v<Node, WhileStatement>) {
          text += "while ";
          expression(*node.condition);
          text += " loop";
          for (const Statement& item : node.body)
            nested(item, indent + 2);
          newline(indent);
          text += "end while";
        } else {
          conditional(node.branches, std::vector<Statement>{}, "when", "elsewhen", indent, nested);
        }
      },
      statement.node);
  comment(statement.comment);
  text += ';';
}

} // namespace mocc::ast
