// The AST printer behind printer.h: writes canonical Modelica text into a string. Expressions,
// names and arguments are in expression_printer.cpp; classes, elements, modifications,
// equations and statements in printer.cpp.
#pragma once

#include "mocc/ast/ast.h"

#include <string>

namespace mocc::ast {

class ModelicaPrinter {
public:
  std::string text;

  // Expressions and names (expression_printer.cpp)
  /// Prints `expr`, in parentheses when its precedence level is below `minimumLevel`.
  void expression(const Expr& expr, int minimumLevel = 0);
  void name(const Name& name);
  void componentRef(const ComponentRef& ref);
  void subscripts(const std::vector<Subscript>& subscripts);
  void functionArgs(const FunctionArgs& args);
  void namedArguments(const std::vector<NamedArgument>& named);
  void forIterators(const std::vector<ForIterator>& iterators);

  // Classes, elements, modifications (printer.cpp)
  /// A class definition without the terminating `;`; nested lines are indented by `indent`.
  void classDef(const ClassDef& classDef, int indent);
  void modification(const Modification& modification);
  void classModification(const ClassModification& modification);
  void comment(const Comment& comment);

  // Equations and statements (printer.cpp)
  void equation(const Equation& equation, int indent);
  void statement(const Statement& statement, int indent);

private:
  void binary(const BinaryExpr& node);
  void unary(const UnaryExpr& node);
  void ifExpression(const IfExpr& node);
  void node(const Expr& expr);

  void classPrefixes(const ClassDef& classDef);
  void longClass(const ClassDef& classDef, const LongClassSpecifier& specifier, int indent);
  void shortClass(const ShortClassSpecifier& specifier);
  void enumeration(const EnumerationSpecifier& specifier);
  void composition(const Composition& composition, int indent);
  void element(const Element& element, int indent);
  void importClause(const ImportClause& import);
  void extendsClause(const ExtendsClause& extends);
  void component(const Component& component);
  void typePrefix(const TypePrefix& prefix);
  void declaration(const Declaration& declaration);
  void constraining(const ConstrainingClause& clause);
  void argument(const Argument& argument);
  void externalClause(const ExternalClause& external, int indent);
  void description(const std::string& description);
  void annotationClause(const ClassModification& annotation);
  void newline(int indent);

  template <class Body, class PrintBody>
  void conditional(const std::vector<ConditionalBranch<Body>>& branches,
                   const std::vector<Body>& elseBody, const char* keyword, const char* elseKeyword,
                   int indent, PrintBody printBody);
};

} // namespace mocc::ast
