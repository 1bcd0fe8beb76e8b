// Readable syntax-error messages on top of ANTLR's default recovery (single-token insertion and
// deletion, then resynchronisation on the follow sets), which lets one parse report every
// independent error in a file.
#include "syntax_error_strategy.h"

#include "ModelicaParser.h"

namespace mocc::frontend {

using grammar::ModelicaParser;
using P = ModelicaParser;

namespace {

bool has(const antlr4::misc::IntervalSet& set, std::size_t type) { return set.contains(type); }

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

bool isClosingBracket(std::size_t type) {
  return type == P::RPAREN || type == P::RBRACKET || type == P::RBRACE;
}

std::size_t openingBracket(std::size_t closing) {
  return closing == P::RPAREN ? P::LPAREN : closing == P::RBRACKET ? P::LBRACKET : P::LBRACE;
}

// Rules that hold `;`-terminated lists, where a stray `;` is best deleted.
bool isTerminatedList(std::size_t rule) {
  return rule == P::RuleElementList || rule == P::RuleEquationList ||
         rule == P::RuleStatementList || rule == P::RuleStoredDefinition ||
         rule == P::RuleComposition;
}

antlr4::Token* tokenAt(antlr4::Parser* parser, std::size_t index) {
  return parser->getTokenStream()->get(index);
}

antlr4::Token* previousToken(antlr4::Parser* parser, const antlr4::Token* token) {
  std::size_t index = token->getTokenIndex();
  return index == 0 || index == INVALID_INDEX ? nullptr : tokenAt(parser, index - 1);
}

// Walks back from `token` over the operands and operators of the expression it continues
// (skipping bracketed groups) and tells whether an operator accepted by `isOperator` occurs
// before anything accepted by `stops`. Used to recognise `a < b < c` and `a ^ b ^ c`.
template <class IsOperator, class Stops>
bool continuesOperatorChain(antlr4::Parser* parser, const antlr4::Token* token,
                            IsOperator isOperator, Stops stops) {
  int depth = 0;
  for (std::size_t index = token->getTokenIndex(); index-- > 0;) {
    std::size_t type = tokenAt(parser, index)->getType();
    if (isClosingBracket(type)) {
      ++depth;
    } else if (type == P::LPAREN || type == P::LBRACKET || type == P::LBRACE) {
      if (depth-- == 0) return false;
    } else if (depth == 0) {
      if (isOperator(type)) return true;
      if (stops(type)) return false;
    }
  }
  return false;
}

std::string className(ModelicaParser::ClassDefinitionContext* definition) {
  auto* specifier = definition->classSpecifier();
  if (specifier == nullptr) return "";
  antlr4::tree::TerminalNode* name = nullptr;
  if (auto* longForm = specifier->longClassSpecifier()) name = longForm->IDENT(0);
  if (auto* shortForm = specifier->shortClassSpecifier()) name = shortForm->IDENT();
  if (auto* derForm = specifier->derClassSpecifier()) name = derForm->IDENT(0);
  return name != nullptr ? name->getText() : "";
}

std::string describeElement(ModelicaParser::ElementContext* element) {
  if (element->importClause() != nullptr) return "the import clause";
  if (element->extendsClause() != nullptr) return "the extends clause";
  if (auto* definition = element->classDefinition()) {
    std::string name = className(definition);
    return name.empty() ? "the class definition" : "the definition of '" + name + "'";
  }
  if (auto* component = element->componentClause()) {
    auto* list = component->componentList();
    if (list != nullptr && !list->componentDeclaration().empty()) {
      auto* declaration = list->componentDeclaration().back()->declaration();
      if (declaration != nullptr && declaration->IDENT() != nullptr) {
        return "the declaration of '" + declaration->IDENT()->getText() + "'";
      }
    }
    return "the declaration";
  }
  return "";
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

P::LongClassSpecifierContext* enclosingClass(antlr4::Parser* parser) {
  return dynamic_cast<P::LongClassSpecifierContext*>(parser->getContext());
}

bool isItemList(std::size_t rule) {
  return rule == P::RuleElementList || rule == P::RuleEquationList || rule == P::RuleStatementList;
}

// An item of a list that ends at its own `;`: a declaration, import or extends clause, or an
// equation or statement that is not an if/for/when/while (those contain lists themselves).
bool isSimpleItem(antlr4::ParserRuleContext* item) {
  if (item->children.empty()) return false;
  antlr4::tree::ParseTree* first = item->children.front();
  switch (item->getRuleIndex()) {
  case P::RuleElement: {
    auto* element = static_cast<P::ElementContext*>(item);
    return element->classDefinition() == nullptr;
  }
  case P::RuleEquation:
    return dynamic_cast<P::SimpleExpressionContext*>(first) != nullptr ||
           dynamic_cast<P::ConnectEquationContext*>(first) != nullptr;
  case P::RuleStatement:
    return dynamic_cast<P::ComponentReferenceContext*>(first) != nullptr ||
           dynamic_cast<antlr4::tree::TerminalNode*>(first) != nullptr;
  default: return false;
  }
}

// The list item around the parser's current rule, or null when it is not inside one.
antlr4::ParserRuleContext* enclosingItem(antlr4::Parser* parser) {
  antlr4::ParserRuleContext* child = parser->getContext();
  if (child == nullptr || isItemList(child->getRuleIndex())) return nullptr;
  auto* parent = dynamic_cast<antlr4::ParserRuleContext*>(child->parent);
  while (parent != nullptr && !isItemList(parent->getRuleIndex())) {
    child = parent;
    parent = dynamic_cast<antlr4::ParserRuleContext*>(parent->parent);
  }
  return parent != nullptr ? child : nullptr;
}

// Where panic mode stops: a `;`, `end`, a section keyword or the end of the file, outside
// any bracket opened after the error.
bool endsItem(antlr4::Parser* parser, int depth) {
  std::size_t type = parser->getCurrentToken()->getType();
  if (type == antlr4::Token::EOF) return true;
  if (depth > 0) return false;
  switch (type) {
  case P::SEMICOLON:
  case P::END:
  case P::EQUATION:
  case P::ALGORITHM:
  case P::PUBLIC:
  case P::PROTECTED:
  case P::EXTERNAL: return true;
  case P::INITIAL: {
    std::size_t next = parser->getInputStream()->LA(2);
    return next == P::EQUATION || next == P::ALGORITHM;
  }
  default: return false;
  }
}

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
  if (text == "&") return message + "; the logical operators are 'and', 'or' and 'not'";
  if (text == "|") return message + "; the logical operators are 'and', 'or' and 'not'";
  if (text == "!") return message + "; write 'not' for negation and '<>' for inequality";
  if (text == "'") return message + "; a quoted identifier needs a closing \"'\"";
  return message;
}

} // namespace

void SyntaxErrorStrategy::reportNoViableAlternative(antlr4::Parser* parser,
                                                    const antlr4::NoViableAltException& e) {
  antlr4::Token* found = e.getOffendingToken();
  if (e.getStartToken() == found) {
    reportExpected(parser, found, parser->getExpectedTokens());
  } else {
    reportUnexpected(parser, found, {});
  }
}

void SyntaxErrorStrategy::reportInputMismatch(antlr4::Parser* parser,
                                              const antlr4::InputMismatchException& e) {
  reportExpected(parser, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportUnwantedToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  reportUnexpected(parser, parser->getCurrentToken(), getExpectedTokens(parser));
}

void SyntaxErrorStrategy::reportMissingToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  reportExpected(parser, parser->getCurrentToken(), getExpectedTokens(parser));
}

antlr4::Token* SyntaxErrorStrategy::singleTokenDeletion(antlr4::Parser* parser) {
  // While recovering from an error the deletion is silent and only resynchronises.
  if (inErrorRecoveryMode(parser)) return DefaultErrorStrategy::singleTokenDeletion(parser);
  std::size_t current = parser->getCurrentToken()->getType();
  if (current == P::LPAREN || current == P::LBRACKET || current == P::LBRACE) {
    return nullptr; // deleting an opening bracket leaves its contents to be misread
  }
  bool expressionExpected = has(getExpectedTokens(parser), P::UNSIGNED_NUMBER);
  if (expressionExpected && parser->getCurrentToken()->getType() == P::SEMICOLON &&
      !isTerminatedList(parser->getContext()->getRuleIndex())) {
    return nullptr;
  }
  if (expressionExpected && parser->getInputStream()->LA(2) == P::END) return nullptr;
  return DefaultErrorStrategy::singleTokenDeletion(parser);
}

void SyntaxErrorStrategy::sync(antlr4::Parser* parser) {
  antlr4::ParserRuleContext* context = parser->getContext();
  if (!inErrorRecoveryMode(parser) && parser->getCurrentToken()->getType() == P::SEMICOLON &&
      context != nullptr && isTerminatedList(context->getRuleIndex())) {
    // A stray `;`: there are no empty elements, equations or statements (MLS A.2).
    reportUnwantedToken(parser);
    while (parser->getCurrentToken()->getType() == P::SEMICOLON)
      parser->consume();
  }
  DefaultErrorStrategy::sync(parser);
}

void SyntaxErrorStrategy::recover(antlr4::Parser* parser, std::exception_ptr e) {
  antlr4::ParserRuleContext* item = enclosingItem(parser);
  std::size_t start = parser->getCurrentToken()->getTokenIndex();
  if (item == nullptr || !isSimpleItem(item) || start == lastSkipIndex_) {
    DefaultErrorStrategy::recover(parser, e);
    return;
  }
  int depth = 0;
  while (!endsItem(parser, depth)) {
    std::size_t type = parser->getCurrentToken()->getType();
    if (type == P::LPAREN || type == P::LBRACKET || type == P::LBRACE) ++depth;
    if (isClosingBracket(type)) --depth;
    parser->consume();
  }
  lastSkipIndex_ = parser->getCurrentToken()->getTokenIndex();
}

antlr4::Token* SyntaxErrorStrategy::recoverInline(antlr4::Parser* parser) {
  if (antlr4::Token* end = skipToClassEnd(parser)) return end;
  // ANTLR's own steps: delete one token, or insert the expected one.
  if (antlr4::Token* matched = singleTokenDeletion(parser)) {
    parser->consume();
    return matched;
  }
  if (singleTokenInsertion(parser)) return getMissingSymbol(parser);
  if (antlr4::Token* semicolon = skipToSemicolon(parser)) return semicolon;
  throw antlr4::InputMismatchException(parser);
}

antlr4::Token* SyntaxErrorStrategy::skipToSemicolon(antlr4::Parser* parser) {
  antlr4::ParserRuleContext* context = parser->getContext();
  antlr4::misc::IntervalSet expected = getExpectedTokens(parser);
  if (context == nullptr || !isItemList(context->getRuleIndex()) || expected.size() != 1 ||
      !has(expected, P::SEMICOLON)) {
    return nullptr;
  }
  if (!inErrorRecoveryMode(parser)) {
    beginErrorCondition(parser);
    reportExpected(parser, parser->getCurrentToken(), expected);
  }
  int depth = 0;
  while (!endsItem(parser, depth)) {
    std::size_t type = parser->getCurrentToken()->getType();
    if (type == P::LPAREN || type == P::LBRACKET || type == P::LBRACE) ++depth;
    if (isClosingBracket(type)) --depth;
    parser->consume();
  }
  if (parser->getCurrentToken()->getType() != P::SEMICOLON) return getMissingSymbol(parser);
  antlr4::Token* matched = parser->getCurrentToken();
  reportMatch(parser);
  parser->consume();
  return matched;
}

antlr4::Token* SyntaxErrorStrategy::skipToClassEnd(antlr4::Parser* parser) {
  auto* unclosed = enclosingClass(parser);
  antlr4::misc::IntervalSet expected = getExpectedTokens(parser);
  if (unclosed == nullptr || unclosed->IDENT(0) == nullptr || expected.size() != 1 ||
      !has(expected, P::END) || inErrorRecoveryMode(parser)) {
    return nullptr;
  }
  std::string name = unclosed->IDENT(0)->getText();
  antlr4::TokenStream* tokens = parser->getTokenStream();
  std::size_t current = parser->getCurrentToken()->getTokenIndex();
  std::size_t end = current;
  for (; tokens->get(end)->getType() != antlr4::Token::EOF; ++end) {
    if (tokens->get(end)->getType() == P::END && tokens->get(end + 1)->getText() == name) break;
  }
  if (tokens->get(end)->getType() == antlr4::Token::EOF) return nullptr;
  beginErrorCondition(parser);
  antlr4::Token* found = parser->getCurrentToken();
  auto* composition = unclosed->composition();
  bool afterAnnotation = composition != nullptr && composition->annotationClause() != nullptr;
  std::string message =
      afterAnnotation
          ? "unexpected " + tokens_.found(found) + " after the class annotation; '" +
                "annotation(...);' must be the last item of class '" + name + "' (MLS A.2.2)"
          : "expected 'end " + name + "' to close class '" + name + "' but found " +
                tokens_.found(found) + hints(parser, found, expected);
  errors_.atToken(found, DiagnosticKind::SyntaxError, message, notes(parser, expected));
  while (parser->getCurrentToken()->getTokenIndex() < end)
    parser->consume();
  antlr4::Token* matched = parser->getCurrentToken();
  reportMatch(parser);
  parser->consume();
  return matched;
}

void SyntaxErrorStrategy::reportExpected(antlr4::Parser* parser, antlr4::Token* found,
                                         const antlr4::misc::IntervalSet& expected) {
  std::string message = specificMessage(parser, found, expected);
  if (message.empty()) {
    std::string what = tokens_.expected(expected);
    std::string after;
    auto* unclosed = enclosingClass(parser);
    if (expected.size() == 1 && has(expected, P::END) && unclosed != nullptr &&
        unclosed->IDENT(0) != nullptr) {
      std::string name = unclosed->IDENT(0)->getText();
      // An `end Name` consumed earlier closed an inner class that lacks its own `end`: the
      // end-name check reports that mistake, and this error is its consequence.
      if (found->getType() == antlr4::Token::EOF && classEndAppearsBefore(parser, found, name)) {
        return;
      }
      what = "'end " + name + "'";
      after = " to close class '" + name + "'";
    } else if (has(expected, P::SEMICOLON)) {
      std::string construct = precedingConstruct(parser);
      if (!construct.empty()) after = " after " + construct;
    }
    message = what.empty() ? "unexpected " + tokens_.found(found)
                           : "expected " + what + after + " but found " + tokens_.found(found);
    message += hints(parser, found, expected);
  }
  report(parser, found, message, notes(parser, expected));
}

void SyntaxErrorStrategy::reportUnexpected(antlr4::Parser* parser, antlr4::Token* found,
                                           const antlr4::misc::IntervalSet& expected) {
  std::string message = specificMessage(parser, found, expected);
  if (message.empty()) {
    message = "unexpected " + tokens_.found(found);
    std::string construct = has(expected, P::SEMICOLON) ? precedingConstruct(parser) : "";
    if (!construct.empty()) message += " after " + construct;
    // A single expected token is good advice; a larger set at this point is only what the
    // current rule could continue with, and would mislead.
    if (expected.size() == 1 && !has(expected, P::END)) {
      message += "; expected " + tokens_.name(static_cast<std::size_t>(expected.getMinElement()));
    }
    message += hints(parser, found, expected);
  }
  report(parser, found, message, notes(parser, expected));
}

void SyntaxErrorStrategy::report(antlr4::Parser* parser, antlr4::Token* found, std::string message,
                                 std::vector<DiagnosticNote> notes) {
  if (afterMultiLineString(parser, found)) {
    // After one missing '"', every later string is paired wrongly: say so once, then stay
    // silent about the errors that follow strings spanning lines.
    if (reportedMisquote_) return;
    reportedMisquote_ = true;
    message += " (the string literal before it spans several lines: is a '\"' missing?)";
  }
  errors_.atToken(found, DiagnosticKind::SyntaxError, std::move(message), std::move(notes),
                  previousToken(parser, found));
}

bool SyntaxErrorStrategy::afterMultiLineString(antlr4::Parser* parser,
                                               const antlr4::Token* found) const {
  // The tell-tale: a string whose first line ends like code, as in `");` + line break.
  auto looksMisquoted = [&](const antlr4::Token* token) {
    std::string_view text = errors_.positions().text(token);
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

std::string SyntaxErrorStrategy::specificMessage(antlr4::Parser* parser, antlr4::Token* found,
                                                 const antlr4::misc::IntervalSet& expected) const {
  std::size_t type = found->getType();
  if (type == P::ILLEGAL_CHARACTER) return illegalCharacterMessage(found);
  if (expected.contains(type)) return "";
  std::string op = "'" + found->getText() + "'";
  if (isRelationalOperator(type) &&
      continuesOperatorChain(parser, found, isRelationalOperator, [](std::size_t t) {
        return !isArithmeticOperator(t) && t != P::IDENT && t != P::UNSIGNED_NUMBER &&
               t != P::STRING && t != P::DOT && t != P::TRUE && t != P::FALSE && t != P::END &&
               t != P::DER && t != P::INITIAL && t != P::PURE;
      })) {
    return "unexpected " + op +
           ": comparisons do not chain; write 'a < b and b < c' or add parentheses (MLS 3.2)";
  }
  if (isPowerOperator(type) &&
      continuesOperatorChain(parser, found, isPowerOperator, [](std::size_t t) {
        return t != P::IDENT && t != P::UNSIGNED_NUMBER && t != P::STRING && t != P::DOT &&
               t != P::TRUE && t != P::FALSE && t != P::END && t != P::DER && t != P::INITIAL &&
               t != P::PURE;
      })) {
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

std::string SyntaxErrorStrategy::hints(antlr4::Parser* parser, antlr4::Token* found,
                                       const antlr4::misc::IntervalSet& expected) const {
  auto didYouMean = [](std::vector<std::string> keywords) {
    for (std::string& keyword : keywords)
      keyword = "'" + keyword + "'";
    return "; did you mean " + joinAlternatives(keywords) + "?";
  };
  std::string text = found->getText();
  if (found->getType() == P::IDENT) {
    std::vector<std::string> similar = tokens_.similarKeywords(text, expected);
    if (!similar.empty()) return didYouMean(similar);
  }
  // `equatoin der(x) = 1;` fails at `der`: the misspelled keyword is the name before it, at
  // the start of an element.
  antlr4::Token* previous = previousToken(parser, found);
  antlr4::Token* beforePrevious = previous ? previousToken(parser, previous) : nullptr;
  if (previous != nullptr && previous->getType() == P::IDENT &&
      (beforePrevious == nullptr || beforePrevious->getType() == P::SEMICOLON)) {
    std::vector<std::string> similar = tokens_.similarKeywords(previous->getText(), {});
    if (!similar.empty()) {
      return didYouMean(similar) + " ('" + previous->getText() + "' is read as a name)";
    }
  }
  std::size_t rule = parser->getContext() != nullptr ? parser->getContext()->getRuleIndex() : 0;
  std::size_t type = found->getType();
  bool looksLikeEquation =
      ((type == P::LPAREN || type == P::EQUALS || type == P::ASSIGN) && previous != nullptr &&
       previous->getType() == P::IDENT && has(expected, P::IDENT)) ||
      ((type == P::DER || type == P::CONNECT || type == P::WHEN || type == P::FOR) &&
       rule == P::RuleLongClassSpecifier);
  if (looksLikeEquation && rule != P::RuleEquationList && rule != P::RuleStatementList) {
    return " (a declaration is 'Type name'; equations and function calls belong in an "
           "'equation' or 'algorithm' section)";
  }
  // `Real y;` among equations: a type name and a name at the start of an item.
  auto startsItem = [](const antlr4::Token* token) {
    std::size_t before =
        token == nullptr ? static_cast<std::size_t>(P::SEMICOLON) : token->getType();
    return before == P::SEMICOLON || before == P::EQUATION || before == P::ALGORITHM ||
           before == P::THEN || before == P::LOOP || before == P::ELSE;
  };
  if (found->getType() == P::IDENT && previous != nullptr && previous->getType() == P::IDENT &&
      startsItem(beforePrevious) && (rule == P::RuleEquationList || rule == P::RuleStatementList)) {
    return " (declarations belong before 'equation' and 'algorithm', or after 'public' or "
           "'protected')";
  }
  if (found->getType() == P::EQUALS && has(expected, P::ASSIGN)) {
    return "; assignments in algorithm sections use ':='";
  }
  bool isKeyword = found->getType() < P::LPAREN;
  if (isKeyword && has(expected, P::IDENT)) {
    return " ('" + text + "' is a reserved keyword and cannot be used as a name, MLS 2.3.3)";
  }
  return "";
}

std::vector<DiagnosticNote>
SyntaxErrorStrategy::notes(antlr4::Parser* parser,
                           const antlr4::misc::IntervalSet& expected) const {
  std::vector<DiagnosticNote> notes;
  antlr4::ParserRuleContext* context = parser->getContext();
  if (context == nullptr || expected.size() != 1) return notes;
  std::size_t closing = static_cast<std::size_t>(expected.getMinElement());
  const SourcePositions& positions = errors_.positions();
  if (isClosingBracket(closing)) {
    if (auto* open = context->getToken(openingBracket(closing), 0)) {
      notes.push_back({positions.range(open), "to match this '" + open->getText() + "'"});
    }
  } else if (closing == P::END) {
    auto* unclosed = enclosingClass(parser);
    if (unclosed != nullptr && unclosed->IDENT(0) != nullptr) {
      notes.push_back({positions.range(unclosed->IDENT(0)),
                       "class '" + unclosed->IDENT(0)->getText() + "' begins here"});
    }
  }
  return notes;
}

} // namespace mocc::frontend
