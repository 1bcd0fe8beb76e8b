// Parse-tree checks for the syntax rules outside the ANTLR grammar. The walk skips expressions,
// references and annotations (most of a tree), which cannot contain what is checked.
#include "grammar_checks.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace mocc::frontend {

using P = grammar::ModelicaParser;

namespace {

// A token that the source really contains (error recovery conjures missing ones).
bool isReal(antlr4::tree::TerminalNode* node) {
  return node != nullptr && dynamic_cast<antlr4::tree::ErrorNode*>(node) == nullptr &&
         node->getSymbol()->getTokenIndex() != INVALID_INDEX;
}

// True when `expression` is exactly `component-reference function-call-args`, the only form
// of equation without `=` (MLS A.2.6).
bool isCall(P::SimpleExpressionContext* expression) {
  antlr4::tree::ParseTree* node = expression;
  while (auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(node)) {
    if (auto* primary = dynamic_cast<P::PrimaryContext*>(rule)) {
      return primary->componentReference() != nullptr && primary->functionCallArgs() != nullptr;
    }
    if (rule->children.size() != 1) return false;
    node = rule->children.front();
  }
  return false;
}

bool containsNothingChecked(std::size_t rule) {
  switch (rule) {
  case P::RuleExpression:
  case P::RuleSimpleExpression:
  case P::RuleComponentReference:
  case P::RuleArraySubscripts:
  case P::RuleFunctionCallArgs:
  case P::RuleTypeSpecifier:
  case P::RuleName:
  case P::RuleAnnotationClause: return true;
  default: return false;
  }
}

} // namespace

void GrammarChecks::check(antlr4::tree::ParseTree* tree) { checkTree(tree); }

bool GrammarChecks::checkTree(antlr4::tree::ParseTree* tree) {
  auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(tree);
  if (rule == nullptr) return false;
  switch (rule->getRuleIndex()) {
  case P::RuleLongClassSpecifier:
    return checkLongClass(static_cast<P::LongClassSpecifierContext*>(rule));
  case P::RuleShortClassSpecifier:
    checkDeclaredName(static_cast<P::ShortClassSpecifierContext*>(rule)->IDENT());
    break;
  case P::RuleDerClassSpecifier:
    checkDeclaredName(static_cast<P::DerClassSpecifierContext*>(rule)->IDENT(0));
    break;
  case P::RuleDeclaration:
    checkDeclaredName(static_cast<P::DeclarationContext*>(rule)->IDENT());
    break;
  case P::RuleEnumerationLiteral:
    checkDeclaredName(static_cast<P::EnumerationLiteralContext*>(rule)->IDENT());
    break;
  case P::RuleEquation: checkEquation(static_cast<P::EquationContext*>(rule)); break;
  default:
    if (containsNothingChecked(rule->getRuleIndex())) return false;
  }
  bool mismatch = false;
  for (antlr4::tree::ParseTree* child : rule->children)
    mismatch |= checkTree(child);
  return mismatch;
}

bool GrammarChecks::checkLongClass(P::LongClassSpecifierContext* specifier) {
  antlr4::tree::TerminalNode* name = specifier->IDENT(0);
  checkDeclaredName(name);
  openClasses_.push_back(isReal(name) ? name->getText() : "");
  bool mismatchInside = false;
  for (antlr4::tree::ParseTree* child : specifier->children)
    mismatchInside |= checkTree(child);
  openClasses_.pop_back();
  // One missing `end A;` shifts every enclosing end name: report the innermost only.
  return mismatchInside || checkEndName(specifier) || checkClosed(specifier);
}

// The parser leaves a class without `end` unreported when an `end A` appeared before the end
// of the file: that usually closed an inner class of another name, which checkEndName reports.
// An inner class of the same name (`model A model A ... end A;`) matches, so its enclosing
// class is reported here.
bool GrammarChecks::checkClosed(P::LongClassSpecifierContext* specifier) {
  std::vector<antlr4::tree::TerminalNode*> names = specifier->IDENT();
  if (!treeIsComplete_ || !isReal(names[0])) return false;
  if (names.size() == 2 && isReal(names[1]) && isReal(specifier->END())) return false;
  std::string name = names[0]->getText();
  const SourcePositions& positions = errors_.positions();
  errors_.atRange(positions.range(names[0]), DiagnosticKind::MismatchedEndName,
                  "class '" + name + "' is not closed: expected 'end " + name +
                      ";' before the end of the file",
                  {});
  return true;
}

bool GrammarChecks::checkEndName(P::LongClassSpecifierContext* specifier) {
  std::vector<antlr4::tree::TerminalNode*> names = specifier->IDENT();
  if (names.size() != 2 || !isReal(names[0]) || !isReal(names[1]) || !isReal(specifier->END())) {
    return false;
  }
  std::string name = names[0]->getText();
  std::string endName = names[1]->getText();
  if (name == endName) return false;
  const SourcePositions& positions = errors_.positions();
  bool closesEnclosing =
      std::find(openClasses_.begin(), openClasses_.end(), endName) != openClasses_.end();
  std::string message = closesEnclosing
                            ? "class '" + name + "' is not closed: expected 'end " + name +
                                  ";' before 'end " + endName + "'"
                            : "'end " + endName + "' does not match the class name '" + name + "'";
  errors_.atRange(positions.range(names[1]), DiagnosticKind::MismatchedEndName, message,
                  {{positions.range(names[0]), "class '" + name + "' begins here"}});
  return true;
}

void GrammarChecks::checkEquation(P::EquationContext* equation) {
  if (!treeIsComplete_) return;
  P::SimpleExpressionContext* lhs = equation->simpleExpression();
  if (lhs == nullptr || equation->EQUALS() != nullptr || isCall(lhs)) return;
  antlr4::Token* last = lhs->getStop();
  if (last == nullptr || last->getTokenIndex() == INVALID_INDEX ||
      last->getTokenIndex() < lhs->getStart()->getTokenIndex()) {
    return;
  }
  antlr4::Token* found = tokenStream_.get(last->getTokenIndex() + 1);
  errors_.atToken(found, DiagnosticKind::SyntaxError,
                  "expected '=' in the equation but found " + tokens_.found(found) +
                      "; an equation is 'expression = expression' or a function call (MLS 8.3)",
                  {}, last);
}

void GrammarChecks::checkDeclaredName(antlr4::tree::TerminalNode* name) {
  static constexpr std::array<std::string_view, 4> predefined = {"Real", "Integer", "Boolean",
                                                                 "String"};
  if (!treeIsComplete_ || !isReal(name)) return;
  std::string_view text = errors_.positions().text(name->getSymbol());
  for (std::string_view type : predefined) {
    if (text != type) continue;
    errors_.atToken(name->getSymbol(), DiagnosticKind::SyntaxError,
                    "'" + std::string(text) +
                        "' names a predefined type and cannot be declared as an element or "
                        "enumeration literal (MLS 2.3.3)");
  }
}

} // namespace mocc::frontend
