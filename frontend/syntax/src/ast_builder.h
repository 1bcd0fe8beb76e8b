// The one parse-tree visitor of frontend/syntax: it turns a complete ANTLR parse tree (one
// without syntax errors) into the AST, filling every SourceRange. It does no semantics: names
// stay unresolved and nothing is evaluated. Its methods live in four files by concept: names
// and comments here, classes, equations and expressions in ast_builder_*.cpp.
#pragma once

#include "source_positions.h"

#include "ModelicaParser.h"
#include "mocc/ast/ast.h"

namespace mocc::frontend {

class AstBuilder {
  using P = grammar::ModelicaParser;

public:
  explicit AstBuilder(const SourcePositions& positions) : positions_(positions) {}

  ast::StoredDefinition storedDefinition(P::StoredDefinitionContext* context);
  ast::ExprPtr expression(P::ExpressionContext* context);

private:
  // Children are told apart by position and rule index instead of the generated accessors,
  // which dynamic_cast every child: on large files that dominates the build time.
  static bool isTerminal(antlr4::tree::ParseTree* node) {
    return typeid(*node) == typeid(antlr4::tree::TerminalNodeImpl);
  }
  static std::size_t ruleOf(antlr4::tree::ParseTree* node) {
    return static_cast<antlr4::ParserRuleContext*>(node)->getRuleIndex();
  }
  static std::size_t tokenOf(antlr4::tree::ParseTree* node) {
    return static_cast<antlr4::tree::TerminalNode*>(node)->getSymbol()->getType();
  }
  template <class Context>
  static Context* childAt(antlr4::ParserRuleContext* context, std::size_t index) {
    return static_cast<Context*>(context->children[index]);
  }

  // Names, references, comments (ast_builder.cpp)
  SourceRange range(antlr4::ParserRuleContext* context) const { return positions_.range(context); }
  SourceRange range(antlr4::tree::TerminalNode* node) const { return positions_.range(node); }
  SourceRange range(const SourceRange& first, const SourceRange& last) const {
    return SourceRange{first.begin, last.end};
  }
  std::string identifier(antlr4::tree::TerminalNode* node) const;
  std::string_view text(antlr4::tree::TerminalNode* node) const {
    return positions_.text(node->getSymbol());
  }
  ast::Name name(P::NameContext* context);
  ast::Name typeSpecifier(P::TypeSpecifierContext* context);
  ast::ComponentRef componentReference(P::ComponentReferenceContext* context);
  std::vector<ast::Subscript> arraySubscripts(P::ArraySubscriptsContext* context);
  ast::Comment description(P::DescriptionContext* context);
  std::string descriptionString(P::DescriptionStringContext* context);
  std::unique_ptr<ast::ClassModification> annotation(P::AnnotationClauseContext* context);

  // Classes, elements and modifications (ast_builder_classes.cpp)
  ast::ClassDefPtr classDefinition(P::ClassDefinitionContext* context);
  ast::ClassDefPtr shortClassDefinition(P::ShortClassDefinitionContext* context);
  void classPrefixes(P::ClassPrefixesContext* context, ast::ClassDef& classDef);
  void longClassSpecifier(P::LongClassSpecifierContext* context, ast::ClassDef& classDef);
  void shortClassSpecifier(P::ShortClassSpecifierContext* context, ast::ClassDef& classDef);
  void derClassSpecifier(P::DerClassSpecifierContext* context, ast::ClassDef& classDef);
  ast::Composition composition(P::CompositionContext* context);
  ast::ExternalClause externalClause(P::ExternalClauseContext* context);
  ast::Element element(P::ElementContext* context, ast::Visibility visibility);
  ast::ImportClause importClause(P::ImportClauseContext* context);
  ast::ExtendsClause extendsClause(P::ExtendsClauseContext* context);
  ast::ConstrainingClause constrainingClause(P::ConstrainingClauseContext* context,
                                             P::DescriptionContext* description);
  ast::Component componentClause(P::ComponentClauseContext* context);
  ast::Component componentClause1(P::ComponentClause1Context* context);
  ast::TypePrefix typePrefix(P::TypePrefixContext* context);
  ast::Declaration declaration(P::DeclarationContext* context);
  ast::Modification modification(P::ModificationContext* context);
  std::unique_ptr<ast::ClassModification> classModification(P::ClassModificationContext* context);
  std::unique_ptr<ast::ClassModification>
  inheritanceModifications(P::ClassOrInheritanceModificationContext* context);
  ast::Argument argument(P::ArgumentContext* context);
  ast::Argument inheritanceModification(P::InheritanceModificationContext* context);
  void replaceable(P::ElementReplaceableContext* context, ast::Argument& argument);

  // Equations and statements (ast_builder_equations.cpp)
  ast::EquationSection equationSection(P::EquationSectionContext* context);
  ast::AlgorithmSection algorithmSection(P::AlgorithmSectionContext* context);
  std::vector<ast::Equation> equationList(P::EquationListContext* context);
  std::vector<ast::Statement> statementList(P::StatementListContext* context);
  ast::Equation equation(P::EquationContext* context);
  ast::Statement statement(P::StatementContext* context);
  template <class Body, class List, class Context>
  void conditionalBranches(Context* context, std::vector<ast::ConditionalBranch<Body>>& branches,
                           std::vector<Body>* elseBody);
  std::vector<ast::ForIterator> forIndices(P::ForIndicesContext* context);

  // Expressions (ast_builder_expressions.cpp)
  ast::ExprPtr simpleExpression(P::SimpleExpressionContext* context);
  ast::ExprPtr logicalExpression(P::LogicalExpressionContext* context);
  ast::ExprPtr logicalTerm(P::LogicalTermContext* context);
  ast::ExprPtr logicalFactor(P::LogicalFactorContext* context);
  ast::ExprPtr relation(P::RelationContext* context);
  ast::ExprPtr arithmeticExpression(P::ArithmeticExpressionContext* context);
  ast::ExprPtr term(P::TermContext* context);
  ast::ExprPtr factor(P::FactorContext* context);
  ast::ExprPtr primary(P::PrimaryContext* context);
  ast::ExprPtr parenthesized(P::PrimaryContext* context);
  ast::ExprPtr matrix(P::PrimaryContext* context);
  ast::ExprPtr partialApplication(P::FunctionPartialApplicationContext* context);
  ast::ExprPtr functionArgument(P::FunctionArgumentContext* context);
  std::vector<ast::ExprPtr> outputExpressionList(P::OutputExpressionListContext* context);
  std::vector<ast::ExprPtr> expressionList(P::ExpressionListContext* context);
  ast::FunctionArgs functionCallArgs(P::FunctionCallArgsContext* context);
  void functionArguments(antlr4::ParserRuleContext* context, ast::FunctionArgs& args);
  std::vector<ast::NamedArgument> namedArguments(P::NamedArgumentsContext* context);
  ast::FunctionArgs arrayArguments(P::ArrayArgumentsContext* context);

  const SourcePositions& positions_;
};

} // namespace mocc::frontend
