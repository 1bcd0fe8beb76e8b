// Syntax-error wording. Everything here only reads the parser's state at the error: the rule
// stack, the expected tokens and the tokens around the offending one.
#include "syntax_error_messages.h"

#include "parse_tree_queries.h"

namespace mocc::frontend {

using namespace queries;

namespace {

bool isRelationalOperator(std::size_t type) {
  return type == P::LESS || type == P::LESS_EQ || type == P::GREATER || type == P::GREATER_EQ ||
         type == P::EQUAL_EQ || type == P::NOT_EQUAL;
}

bool isPowerOperator(std::size_t type) { return type == P::CARET || type == P::DOT_CARET; }

bool isSign(std::size_t type) {
  return type == P::PLUS || type == P::MINUS || type == P::DOT_PLUS || type == P::DOT_MINUS;
}

bool isArithmeticOperator(std::size_t type) {
  return isSign(type) || isPowerOperator(type) || type == P::STAR || type == P::SLASH ||
         type == P::DOT_STAR || type == P::DOT_SLASH;
}

// Tokens that can make up a primary without brackets: names, literals, `der` and friends.
bool isPrimaryToken(std::size_t type) {
  return type == P::IDENT || type == P::UNSIGNED_NUMBER || type == P::STRING || type == P::DOT ||
         type == P::TRUE || type == P::FALSE || type == P::END || type == P::DER ||
         type == P::INITIAL || type == P::PURE;
}

// Walks back from `token` over the operands of the expression it continues (skipping
// bracketed groups) and tells whether an operator accepted by `isOperator` comes before a
// token that `passes` does not accept. Recognises `a < b < c` and `a^b^c`.
template <class IsOperator, class Passes>
bool continuesOperatorChain(antlr4::Parser* parser, const antlr4::Token* token,
                            IsOperator isOperator, Passes passes) {
  int depth = 0;
  for (std::size_t index = token->getTokenIndex(); index-- > 0;) {
    std::size_t type = tokenAt(parser, index)->getType();
    if (isClosingBracket(type)) {
      ++depth;
    } else if (isOpeningBracket(type)) {
      if (depth-- == 0) return false;
    } else if (depth == 0) {
      if (isOperator(type)) return true;
      if (!passes(type)) return false;
    }
  }
  return false;
}

std::string className(P::ClassDefinitionContext* definition) {
  auto* specifier = definition->classSpecifier();
  if (specifier == nullptr) return "";
  antlr4::tree::TerminalNode* name = nullptr;
  if (auto* longForm = specifier->longClassSpecifier()) name = longForm->IDENT(0);
  if (auto* shortForm = specifier->shortClassSpecifier()) name = shortForm->IDENT();
  if (auto* derForm = specifier->derClassSpecifier()) name = derForm->IDENT(0);
  return name != nullptr ? name->getText() : "";
}

std::string describeElement(P::ElementContext* element) {
  if (element->importClause() != nullptr) return "the import clause";
  if (element->extendsClause() != nullptr) return "the extends clause";
  if (auto* definition = element->classDefinition()) {
    std::string name = className(definition);
    return name.empty() ? "the class definition" : "the definition of '" + name + "'";
  }
  auto* component = element->componentClause();
  if (component == nullptr) return "";
  auto* list = component->componentList();
  if (list != nullptr && !list->componentDeclaration().empty()) {
    auto* declaration = list->componentDeclaration().back()->declaration();
    if (declaration != nullptr && declaration->IDENT() != nullptr) {
      return "the declaration of '" + declaration->IDENT()->getText() + "'";
    }
  }
  return "the declaration";
}

// What the `;` that the parser expects would terminate, judged from the rule it is in.
std::string precedingConstruct(antlr4::Parser* parser) {
  antlr4::ParserRuleContext* context = parser->getContext();
  if (context == nullptr || context->children.empty()) return "";
  antlr4::tree::ParseTree* last = context->children.back();
  switch (context->getRuleIndex()) {
  case P::RuleElementList:
    if (auto* element = dynamic_cast<P::ElementContext*>(last)) return describeElement(element);
    return "";
  case P::RuleEquationList: return "the equation";
  case P::RuleStatementList: return "the statement";
  case P::RuleStoredDefinition:
    if (auto* definition = dynamic_cast<P::ClassDefinitionContext*>(last)) {
      return "the definition of '" + className(definition) + "'";
    }
    return "the within clause";
  case P::RuleComposition: return "the annotation";
  case P::RuleExternalClause: return "the external clause";
  default: return "";
  }
}

// True when `end Name` occurs before `token`: an inner class took the `end` of this one.
bool classEndAppearsBefore(antlr4::Parser* parser, const antlr4::Token* token,
                           const std::string& name) {
  for (std::size_t index = token->getTokenIndex(); index-- > 1;) {
    if (tokenAt(parser, index - 1)->getType() == P::END &&
        tokenAt(parser, index)->getText() == name) {
      return true;
    }
  }
  return false;
}

std::string illegalCharacterMessage(const antlr4::Token* token) {
  std::string text = token->getText();
  std::string message = "unexpected character '" + text + "'";
  if (text == "&" || text == "|") {
    return message + "; the logical operators are 'and', 'or' and 'not'";
  }
  if (text == "!") return message + "; write 'not' for negation and '<>' for inequality";
  if (text == "'") return message + "; a quoted identifier needs a closing \"'\"";
  return message;
}

// True when `token` is the first token of an element, equation or statement.
bool startsItem(antlr4::Parser* parser, const antlr4::Token* token) {
  const antlr4::Token* before = previousToken(parser, token);
  if (before == nullptr) return true;
  std::size_t type = before->getType();
  return type == P::SEMICOLON || type == P::EQUATION || type == P::ALGORITHM || type == P::THEN ||
         type == P::LOOP || type == P::ELSE;
}

} // namespace

std::optional<std::string>
SyntaxErrorMessages::expected(antlr4::Parser* parser, antlr4::Token* found,
                              const antlr4::misc::IntervalSet& expected) const {
  std::string message = specific(parser, found, expected);
  if (!message.empty()) return message;
  std::string what = tokens_.expected(expected);
  std::string after;
  auto* unclosed = enclosingClass(parser);
  if (expected.size() == 1 && has(expected, P::END) && unclosed != nullptr &&
      unclosed->IDENT(0) != nullptr) {
    std::string name = unclosed->IDENT(0)->getText();
    // An `end Name` consumed earlier closed an inner class that lacks its own `end`: the
    // end-name check reports that mistake, and this error is its consequence.
    if (found->getType() == antlr4::Token::EOF && classEndAppearsBefore(parser, found, name)) {
      return std::nullopt;
    }
    what = "'end " + name + "'";
    after = " to close class '" + name + "'";
  } else if (has(expected, P::SEMICOLON)) {
    std::string construct = precedingConstruct(parser);
    if (!construct.empty()) after = " after " + construct;
  }
  message = what.empty() ? "unexpected " + tokens_.found(found)
                         : "expected " + what + after + " but found " + tokens_.found(found);
  return message + hints(parser, found, expected);
}

std::string SyntaxErrorMessages::unexpected(antlr4::Parser* parser, antlr4::Token* found,
                                            const antlr4::misc::IntervalSet& expected) const {
  std::string message = specific(parser, found, expected);
  if (!message.empty()) return message;
  message = "unexpected " + tokens_.found(found);
  std::string construct = has(expected, P::SEMICOLON) ? precedingConstruct(parser) : "";
  if (!construct.empty()) message += " after " + construct;
  // A single expected token is good advice; a larger set at this point is only what the
  // current rule could continue with, and would mislead.
  if (expected.size() == 1 && !has(expected, P::END)) {
    message += "; expected " + tokens_.name(static_cast<std::size_t>(expected.getMinElement()));
  }
  return message + hints(parser, found, expected);
}

std::string SyntaxErrorMessages::unclosedClass(antlr4::Parser* parser, antlr4::Token* found,
                                               const antlr4::misc::IntervalSet& expected) const {
  auto* unclosed = enclosingClass(parser);
  std::string name = unclosed->IDENT(0)->getText();
  auto* composition = unclosed->composition();
  if (composition != nullptr && composition->annotationClause() != nullptr) {
    return "unexpected " + tokens_.found(found) +
           " after the class annotation; 'annotation(...);' must be the last item of class '" +
           name + "' (MLS A.2.2)";
  }
  return "expected 'end " + name + "' to close class '" + name + "' but found " +
         tokens_.found(found) + hints(parser, found, expected);
}

std::string SyntaxErrorMessages::specific(antlr4::Parser* parser, antlr4::Token* found,
                                          const antlr4::misc::IntervalSet& expected) const {
  std::size_t type = found->getType();
  if (type == P::ILLEGAL_CHARACTER) return illegalCharacterMessage(found);
  if (expected.contains(type)) return "";
  std::string op = "'" + found->getText() + "'";
  auto inArithmetic = [](std::size_t t) { return isPrimaryToken(t) || isArithmeticOperator(t); };
  if (isRelationalOperator(type) &&
      continuesOperatorChain(parser, found, isRelationalOperator, inArithmetic)) {
    return "unexpected " + op +
           ": comparisons do not chain; write 'a < b and b < c' or add parentheses (MLS 3.2)";
  }
  if (isPowerOperator(type) &&
      continuesOperatorChain(parser, found, isPowerOperator, isPrimaryToken)) {
    return "unexpected " + op +
           ": exponentiation does not associate; write 'a^(b^c)' or '(a^b)^c' (MLS 3.2)";
  }
  antlr4::Token* previous = previousToken(parser, found);
  if (isSign(type) && previous != nullptr && isArithmeticOperator(previous->getType())) {
    std::string before = previous->getText();
    return "unexpected " + op + " after '" + before +
           "': a sign may only start an expression; add parentheses, as in 'x " + before + " (" +
           found->getText() + "y)' (MLS 3.2)";
  }
  return "";
}

std::string SyntaxErrorMessages::hints(antlr4::Parser* parser, antlr4::Token* found,
                                       const antlr4::misc::IntervalSet& expected) const {
  if (std::string hint = misspellingHint(parser, found, expected); !hint.empty()) return hint;
  if (std::string hint = placementHint(parser, found, expected); !hint.empty()) return hint;
  if (found->getType() == P::EQUALS && has(expected, P::ASSIGN)) {
    return "; assignments in algorithm sections use ':='";
  }
  bool isKeyword = found->getType() < P::LPAREN;
  if (isKeyword && has(expected, P::IDENT)) {
    return " ('" + found->getText() +
           "' is a reserved keyword and cannot be used as a name, MLS 2.3.3)";
  }
  return "";
}

std::string SyntaxErrorMessages::misspellingHint(antlr4::Parser* parser, antlr4::Token* found,
                                                 const antlr4::misc::IntervalSet& expected) const {
  auto didYouMean = [](std::vector<std::string> keywords) {
    for (std::string& keyword : keywords)
      keyword = "'" + keyword + "'";
    return "; did you mean " + joinAlternatives(keywords) + "?";
  };
  if (found->getType() == P::IDENT) {
    std::vector<std::string> similar = tokens_.similarKeywords(found->getText(), expected);
    if (!similar.empty()) return didYouMean(similar);
  }
  // `equatoin der(x) = 1;` fails at `der`: the misspelled keyword is the name before it, at
  // the start of an element.
  antlr4::Token* previous = previousToken(parser, found);
  if (previous == nullptr || previous->getType() != P::IDENT) return "";
  antlr4::Token* beforePrevious = previousToken(parser, previous);
  if (beforePrevious != nullptr && beforePrevious->getType() != P::SEMICOLON) return "";
  std::vector<std::string> similar = tokens_.similarKeywords(previous->getText(), {});
  if (similar.empty()) return "";
  return didYouMean(similar) + " ('" + previous->getText() + "' is read as a name)";
}

std::string SyntaxErrorMessages::placementHint(antlr4::Parser* parser, antlr4::Token* found,
                                               const antlr4::misc::IntervalSet& expected) const {
  std::size_t rule = parser->getContext() != nullptr ? parser->getContext()->getRuleIndex() : 0;
  bool amongEquations = rule == P::RuleEquationList || rule == P::RuleStatementList;
  std::size_t type = found->getType();
  antlr4::Token* previous = previousToken(parser, found);
  bool afterName = previous != nullptr && previous->getType() == P::IDENT;
  // `x = 1;`, `f(x);` or `der(x) = 1;` among the declarations.
  bool looksLikeEquation =
      ((type == P::LPAREN || type == P::EQUALS || type == P::ASSIGN) && afterName &&
       has(expected, P::IDENT)) ||
      ((type == P::DER || type == P::CONNECT || type == P::WHEN || type == P::FOR) &&
       rule == P::RuleLongClassSpecifier);
  if (looksLikeEquation && !amongEquations) {
    return " (a declaration is 'Type name'; equations and function calls belong in an "
           "'equation' or 'algorithm' section)";
  }
  // `Real y;` among the equations: a type name and a name at the start of an item.
  if (type == P::IDENT && afterName && amongEquations && startsItem(parser, previous)) {
    return " (declarations belong before 'equation' and 'algorithm', or after 'public' or "
           "'protected')";
  }
  return "";
}

std::vector<DiagnosticNote>
SyntaxErrorMessages::notes(antlr4::Parser* parser,
                           const antlr4::misc::IntervalSet& expected) const {
  std::vector<DiagnosticNote> notes;
  antlr4::ParserRuleContext* context = parser->getContext();
  if (context == nullptr || expected.size() != 1) return notes;
  auto closing = static_cast<std::size_t>(expected.getMinElement());
  if (isClosingBracket(closing)) {
    std::size_t opening = closing == P::RPAREN     ? P::LPAREN
                          : closing == P::RBRACKET ? P::LBRACKET
                                                   : P::LBRACE;
    if (auto* open = context->getToken(opening, 0)) {
      notes.push_back({positions_.range(open), "to match this '" + open->getText() + "'"});
    }
  } else if (closing == P::END) {
    auto* unclosed = enclosingClass(parser);
    if (unclosed != nullptr && unclosed->IDENT(0) != nullptr) {
      notes.push_back({positions_.range(unclosed->IDENT(0)),
                       "class '" + unclosed->IDENT(0)->getText() + "' begins here"});
    }
  }
  return notes;
}

bool SyntaxErrorMessages::afterMisquotedString(antlr4::Parser* parser,
                                               const antlr4::Token* found) const {
  // The tell-tale: a string whose first line ends like code, as in `");` + line break.
  auto looksMisquoted = [&](const antlr4::Token* token) {
    std::string_view text = positions_.text(token);
    std::size_t lineEnd = text.find('\n');
    if (lineEnd == std::string_view::npos) return false;
    std::size_t last = text.find_last_not_of(" \t\r", lineEnd);
    return last != std::string_view::npos && last > 0 && text[last] == ';';
  };
  std::size_t index = found->getTokenIndex();
  for (std::size_t back = 1; back <= 3 && back <= index; ++back) {
    antlr4::Token* token = tokenAt(parser, index - back);
    if (token->getType() == P::STRING && looksMisquoted(token)) return true;
  }
  return false;
}

} // namespace mocc::frontend
