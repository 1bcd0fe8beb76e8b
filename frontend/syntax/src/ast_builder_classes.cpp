// AST construction, part 2: class definitions (MLS A.2.2), elements, extends clauses,
// component clauses (A.2.3, A.2.4) and modifications (A.2.5).
#include "ast_builder.h"

#include "literals.h"

namespace mocc::frontend {

using P = grammar::ModelicaParser;

namespace {

bool isToken(antlr4::tree::ParseTree* node, std::size_t type) {
  auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(node);
  return terminal != nullptr && terminal->getSymbol()->getType() == type;
}

ast::ClassKind functionKind(P::ClassPrefixesContext* context) {
  return context->OPERATOR() != nullptr ? ast::ClassKind::OperatorFunction
                                        : ast::ClassKind::Function;
}

} // namespace

// ---------------------------------------------------------------------------- class definitions

ast::ClassDefPtr AstBuilder::classDefinition(P::ClassDefinitionContext* context) {
  auto classDef = std::make_unique<ast::ClassDef>();
  classDef->range = range(context);
  classDef->encapsulated = context->ENCAPSULATED() != nullptr;
  classPrefixes(context->classPrefixes(), *classDef);
  P::ClassSpecifierContext* specifier = context->classSpecifier();
  if (auto* longForm = specifier->longClassSpecifier()) {
    longClassSpecifier(longForm, *classDef);
  } else if (auto* shortForm = specifier->shortClassSpecifier()) {
    shortClassSpecifier(shortForm, *classDef);
  } else {
    derClassSpecifier(specifier->derClassSpecifier(), *classDef);
  }
  return classDef;
}

ast::ClassDefPtr AstBuilder::shortClassDefinition(P::ShortClassDefinitionContext* context) {
  auto classDef = std::make_unique<ast::ClassDef>();
  classDef->range = range(context);
  classPrefixes(context->classPrefixes(), *classDef);
  shortClassSpecifier(context->shortClassSpecifier(), *classDef);
  return classDef;
}

void AstBuilder::classPrefixes(P::ClassPrefixesContext* context, ast::ClassDef& classDef) {
  using ast::ClassKind;
  classDef.partial = context->PARTIAL() != nullptr;
  if (context->PURE() != nullptr) classDef.purity = ast::Purity::Pure;
  if (context->IMPURE() != nullptr) classDef.purity = ast::Purity::Impure;
  bool isOperator = context->OPERATOR() != nullptr;
  if (context->CLASS() != nullptr)
    classDef.kind = ClassKind::Class;
  else if (context->MODEL() != nullptr)
    classDef.kind = ClassKind::Model;
  else if (context->RECORD() != nullptr)
    classDef.kind = isOperator ? ClassKind::OperatorRecord : ClassKind::Record;
  else if (context->BLOCK() != nullptr)
    classDef.kind = ClassKind::Block;
  else if (context->CONNECTOR() != nullptr)
    classDef.kind =
        context->EXPANDABLE() != nullptr ? ClassKind::ExpandableConnector : ClassKind::Connector;
  else if (context->TYPE() != nullptr)
    classDef.kind = ClassKind::Type;
  else if (context->PACKAGE() != nullptr)
    classDef.kind = ClassKind::Package;
  else if (context->FUNCTION() != nullptr)
    classDef.kind = functionKind(context);
  else
    classDef.kind = ClassKind::Operator;
}

void AstBuilder::longClassSpecifier(P::LongClassSpecifierContext* context,
                                    ast::ClassDef& classDef) {
  ast::LongClassSpecifier specifier;
  classDef.name = identifier(context->IDENT(0));
  classDef.nameRange = range(context->IDENT(0));
  specifier.extendsForm = context->EXTENDS() != nullptr;
  specifier.extendsModification = classModification(context->classModification());
  specifier.description = descriptionString(context->descriptionString());
  specifier.composition = composition(context->composition());
  specifier.endName = identifier(context->IDENT(1));
  specifier.endNameRange = range(context->IDENT(1));
  classDef.specifier = std::move(specifier);
}

void AstBuilder::shortClassSpecifier(P::ShortClassSpecifierContext* context,
                                     ast::ClassDef& classDef) {
  classDef.name = identifier(context->IDENT());
  classDef.nameRange = range(context->IDENT());
  if (context->ENUMERATION() != nullptr) {
    ast::EnumerationSpecifier enumeration;
    enumeration.unspecified = context->COLON() != nullptr;
    if (auto* list = context->enumList()) {
      for (P::EnumerationLiteralContext* literal : list->enumerationLiteral()) {
        enumeration.literals.push_back(ast::EnumerationLiteral{
            identifier(literal->IDENT()), description(literal->description()), range(literal)});
      }
    }
    enumeration.comment = description(context->description());
    classDef.specifier = std::move(enumeration);
    return;
  }
  ast::ShortClassSpecifier specifier;
  P::BasePrefixContext* base = context->basePrefix();
  if (base->INPUT() != nullptr) specifier.causality = ast::Causality::Input;
  if (base->OUTPUT() != nullptr) specifier.causality = ast::Causality::Output;
  specifier.base = typeSpecifier(context->typeSpecifier());
  specifier.subscripts = arraySubscripts(context->arraySubscripts());
  specifier.modification = classModification(context->classModification());
  specifier.comment = description(context->description());
  classDef.specifier = std::move(specifier);
}

void AstBuilder::derClassSpecifier(P::DerClassSpecifierContext* context, ast::ClassDef& classDef) {
  std::vector<antlr4::tree::TerminalNode*> names = context->IDENT();
  classDef.name = identifier(names[0]);
  classDef.nameRange = range(names[0]);
  ast::DerSpecifier specifier;
  specifier.function = typeSpecifier(context->typeSpecifier());
  for (std::size_t i = 1; i < names.size(); ++i) {
    specifier.withRespectTo.push_back(identifier(names[i]));
  }
  specifier.comment = description(context->description());
  classDef.specifier = std::move(specifier);
}

// ----------------------------------------------------------------------- compositions, elements

ast::Composition AstBuilder::composition(P::CompositionContext* context) {
  ast::Composition result;
  ast::Visibility visibility = ast::Visibility::Public;
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* list = dynamic_cast<P::ElementListContext*>(child)) {
      for (P::ElementContext* elementContext : list->element()) {
        result.elements.push_back(element(elementContext, visibility));
      }
    } else if (auto* equations = dynamic_cast<P::EquationSectionContext*>(child)) {
      result.equationSections.push_back(equationSection(equations));
    } else if (auto* algorithms = dynamic_cast<P::AlgorithmSectionContext*>(child)) {
      result.algorithmSections.push_back(algorithmSection(algorithms));
    } else if (auto* external = dynamic_cast<P::ExternalClauseContext*>(child)) {
      result.external = externalClause(external);
    } else if (auto* classAnnotation = dynamic_cast<P::AnnotationClauseContext*>(child)) {
      result.annotations.push_back(annotation(classAnnotation));
    } else if (isToken(child, P::PUBLIC)) {
      visibility = ast::Visibility::Public;
    } else if (isToken(child, P::PROTECTED)) {
      visibility = ast::Visibility::Protected;
    }
  }
  return result;
}

ast::ExternalClause AstBuilder::externalClause(P::ExternalClauseContext* context) {
  ast::ExternalClause external;
  external.range = range(context);
  if (auto* language = context->languageSpecification()) {
    external.language = decodeString(text(language->STRING()));
  }
  if (auto* call = context->externalFunctionCall()) {
    if (auto* output = call->componentReference()) external.output = componentReference(output);
    external.function = identifier(call->IDENT());
    if (auto* arguments = call->expressionList()) external.args = expressionList(arguments);
  }
  external.annotation = annotation(context->annotationClause());
  return external;
}

ast::Element AstBuilder::element(P::ElementContext* context, ast::Visibility visibility) {
  ast::Element result;
  result.range = range(context);
  result.visibility = visibility;
  if (auto* import = context->importClause()) {
    result.node = importClause(import);
    return result;
  }
  if (auto* extends = context->extendsClause()) {
    result.node = extendsClause(extends);
    return result;
  }
  result.redeclare = context->REDECLARE() != nullptr;
  result.isFinal = context->FINAL() != nullptr;
  result.inner = context->INNER() != nullptr;
  result.outer = context->OUTER() != nullptr;
  result.replaceable = context->REPLACEABLE() != nullptr;
  if (auto* definition = context->classDefinition()) {
    result.node = classDefinition(definition);
  } else {
    result.node = componentClause(context->componentClause());
  }
  if (auto* constraining = context->constrainingClause()) {
    result.constraining = constrainingClause(constraining, context->description());
  }
  return result;
}

ast::ImportClause AstBuilder::importClause(P::ImportClauseContext* context) {
  ast::ImportClause import;
  if (context->EQUALS() != nullptr) import.alias = identifier(context->IDENT());
  import.name = name(context->name());
  import.wildcard = context->DOT_STAR() != nullptr || context->STAR() != nullptr;
  if (auto* list = context->importList()) {
    for (antlr4::tree::TerminalNode* member : list->IDENT()) {
      import.list.push_back(identifier(member));
    }
  }
  import.comment = description(context->description());
  return import;
}

ast::ExtendsClause AstBuilder::extendsClause(P::ExtendsClauseContext* context) {
  ast::ExtendsClause extends;
  extends.base = typeSpecifier(context->typeSpecifier());
  extends.modification = inheritanceModifications(context->classOrInheritanceModification());
  extends.annotation = annotation(context->annotationClause());
  return extends;
}

ast::ConstrainingClause AstBuilder::constrainingClause(P::ConstrainingClauseContext* context,
                                                       P::DescriptionContext* comment) {
  ast::ConstrainingClause clause;
  clause.name = typeSpecifier(context->typeSpecifier());
  clause.modification = classModification(context->classModification());
  clause.comment = description(comment);
  clause.range = comment != nullptr ? range(range(context), range(comment)) : range(context);
  return clause;
}

// --------------------------------------------------------------------------------- components

ast::Component AstBuilder::componentClause(P::ComponentClauseContext* context) {
  ast::Component component;
  component.range = range(context);
  component.prefix = typePrefix(context->typePrefix());
  component.type = typeSpecifier(context->typeSpecifier());
  component.typeSubscripts = arraySubscripts(context->arraySubscripts());
  for (P::ComponentDeclarationContext* item : context->componentList()->componentDeclaration()) {
    ast::Declaration declared = declaration(item->declaration());
    if (auto* condition = item->conditionAttribute()) {
      declared.condition = expression(condition->expression());
    }
    declared.comment = description(item->description());
    declared.range = range(item);
    component.declarations.push_back(std::move(declared));
  }
  return component;
}

ast::Component AstBuilder::componentClause1(P::ComponentClause1Context* context) {
  ast::Component component;
  component.range = range(context);
  component.prefix = typePrefix(context->typePrefix());
  component.type = typeSpecifier(context->typeSpecifier());
  P::ComponentDeclaration1Context* item = context->componentDeclaration1();
  ast::Declaration declared = declaration(item->declaration());
  declared.comment = description(item->description());
  declared.range = range(item);
  component.declarations.push_back(std::move(declared));
  return component;
}

ast::TypePrefix AstBuilder::typePrefix(P::TypePrefixContext* context) {
  ast::TypePrefix prefix;
  if (context->FLOW() != nullptr) prefix.connector = ast::ConnectorKind::Flow;
  if (context->STREAM() != nullptr) prefix.connector = ast::ConnectorKind::Stream;
  if (context->DISCRETE() != nullptr) prefix.variability = ast::Variability::Discrete;
  if (context->PARAMETER() != nullptr) prefix.variability = ast::Variability::Parameter;
  if (context->CONSTANT() != nullptr) prefix.variability = ast::Variability::Constant;
  if (context->INPUT() != nullptr) prefix.causality = ast::Causality::Input;
  if (context->OUTPUT() != nullptr) prefix.causality = ast::Causality::Output;
  return prefix;
}

ast::Declaration AstBuilder::declaration(P::DeclarationContext* context) {
  ast::Declaration declared;
  declared.name = identifier(context->IDENT());
  declared.subscripts = arraySubscripts(context->arraySubscripts());
  if (auto* modificationContext = context->modification()) {
    declared.modification = modification(modificationContext);
  }
  declared.range = range(context);
  return declared;
}

// ------------------------------------------------------------------------------ modifications

ast::Modification AstBuilder::modification(P::ModificationContext* context) {
  ast::Modification result;
  result.range = range(context);
  result.arguments = classModification(context->classModification());
  if (P::ModificationExpressionContext* valueContext = context->modificationExpression()) {
    ast::ModificationValue value;
    antlr4::tree::TerminalNode* sign =
        context->ASSIGN() != nullptr ? context->ASSIGN() : context->EQUALS();
    value.isAssignment = context->ASSIGN() != nullptr;
    value.isBreak = valueContext->BREAK() != nullptr;
    if (!value.isBreak) value.value = expression(valueContext->expression());
    value.range = range(range(sign), range(valueContext));
    result.value = std::move(value);
  }
  return result;
}

std::unique_ptr<ast::ClassModification>
AstBuilder::classModification(P::ClassModificationContext* context) {
  if (context == nullptr) return nullptr;
  auto result = std::make_unique<ast::ClassModification>();
  result->range = range(context);
  if (auto* list = context->argumentList()) {
    for (P::ArgumentContext* item : list->argument())
      result->arguments.push_back(argument(item));
  }
  return result;
}

std::unique_ptr<ast::ClassModification>
AstBuilder::inheritanceModifications(P::ClassOrInheritanceModificationContext* context) {
  if (context == nullptr) return nullptr;
  auto result = std::make_unique<ast::ClassModification>();
  result->range = range(context);
  auto* list = context->argumentOrInheritanceModificationList();
  if (list == nullptr) return result;
  for (antlr4::tree::ParseTree* child : list->children) {
    if (auto* item = dynamic_cast<P::ArgumentContext*>(child)) {
      result->arguments.push_back(argument(item));
    } else if (auto* removal = dynamic_cast<P::InheritanceModificationContext*>(child)) {
      result->arguments.push_back(inheritanceModification(removal));
    }
  }
  return result;
}

ast::Argument AstBuilder::inheritanceModification(P::InheritanceModificationContext* context) {
  ast::Argument result;
  result.range = range(context);
  ast::InheritanceModification removal;
  if (auto* connect = context->connectEquation()) {
    removal.isConnect = true;
    removal.connectA = componentReference(connect->componentReference(0));
    removal.connectB = componentReference(connect->componentReference(1));
  } else {
    removal.element = identifier(context->IDENT());
  }
  result.inheritance = std::move(removal);
  return result;
}

ast::Argument AstBuilder::argument(P::ArgumentContext* context) {
  ast::Argument result;
  result.range = range(context);
  if (auto* plain = context->elementModificationOrReplaceable()) {
    result.each = plain->EACH() != nullptr;
    result.isFinal = plain->FINAL() != nullptr;
    if (auto* replaceableContext = plain->elementReplaceable()) {
      replaceable(replaceableContext, result);
      return result;
    }
    P::ElementModificationContext* modified = plain->elementModification();
    ast::ElementModification modificationResult;
    modificationResult.name = name(modified->name());
    if (auto* modificationContext = modified->modification()) {
      modificationResult.modification = modification(modificationContext);
    }
    modificationResult.description = descriptionString(modified->descriptionString());
    result.modification = std::move(modificationResult);
    return result;
  }
  P::ElementRedeclarationContext* redeclaration = context->elementRedeclaration();
  result.redeclare = true;
  result.each = redeclaration->EACH() != nullptr;
  result.isFinal = redeclaration->FINAL() != nullptr;
  if (auto* replaceableContext = redeclaration->elementReplaceable()) {
    replaceable(replaceableContext, result);
  } else if (auto* shortClass = redeclaration->shortClassDefinition()) {
    result.classDef = shortClassDefinition(shortClass);
  } else {
    result.component =
        std::make_unique<ast::Component>(componentClause1(redeclaration->componentClause1()));
  }
  return result;
}

void AstBuilder::replaceable(P::ElementReplaceableContext* context, ast::Argument& argument) {
  argument.replaceable = true;
  if (auto* shortClass = context->shortClassDefinition()) {
    argument.classDef = shortClassDefinition(shortClass);
  } else {
    argument.component =
        std::make_unique<ast::Component>(componentClause1(context->componentClause1()));
  }
  if (auto* constraining = context->constrainingClause()) {
    argument.constraining = constrainingClause(constraining, nullptr);
  }
}

} // namespace mocc::frontend
