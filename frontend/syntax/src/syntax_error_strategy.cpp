// Error recovery for the second (full LL) parse: ANTLR's single-token insertion and deletion,
// panic mode to the `;` of a broken item, and resynchronisation on the follow sets, which lets
// one parse report every independent error in a file.
#include "syntax_error_strategy.h"

#include "parse_tree_queries.h"

namespace mocc::frontend {

using namespace queries;

namespace {

// An item of a list that ends at its own `;`: a declaration, import or extends clause, or an
// equation or statement that is not an if/for/when/while (those contain lists themselves).
bool isSimpleItem(antlr4::ParserRuleContext* item) {
  if (item->children.empty()) return false;
  antlr4::tree::ParseTree* first = item->children.front();
  switch (item->getRuleIndex()) {
  case P::RuleElement: return static_cast<P::ElementContext*>(item)->classDefinition() == nullptr;
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

// Consumes tokens up to the end of the current item (see endsItem).
void skipItem(antlr4::Parser* parser) {
  int depth = 0;
  while (!endsItem(parser, depth)) {
    std::size_t type = parser->getCurrentToken()->getType();
    if (isOpeningBracket(type)) ++depth;
    if (isClosingBracket(type)) --depth;
    parser->consume();
  }
}

} // namespace

void SyntaxErrorStrategy::reportNoViableAlternative(antlr4::Parser* parser,
                                                    const antlr4::NoViableAltException& e) {
  antlr4::Token* found = e.getOffendingToken();
  if (e.getStartToken() == found) {
    reportExpected(parser, found, parser->getExpectedTokens());
  } else {
    // The decision failed after its first token: what was expected there is not known.
    report(parser, found, messages_.unexpected(parser, found, {}), {});
  }
}

void SyntaxErrorStrategy::reportInputMismatch(antlr4::Parser* parser,
                                              const antlr4::InputMismatchException& e) {
  reportExpected(parser, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportUnwantedToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  antlr4::Token* found = parser->getCurrentToken();
  antlr4::misc::IntervalSet expected = getExpectedTokens(parser);
  report(parser, found, messages_.unexpected(parser, found, expected), expected);
}

void SyntaxErrorStrategy::reportMissingToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  reportExpected(parser, parser->getCurrentToken(), getExpectedTokens(parser));
}

void SyntaxErrorStrategy::reportExpected(antlr4::Parser* parser, antlr4::Token* found,
                                         const antlr4::misc::IntervalSet& expected) {
  if (std::optional<std::string> message = messages_.expected(parser, found, expected)) {
    report(parser, found, std::move(*message), expected);
  }
}

void SyntaxErrorStrategy::report(antlr4::Parser* parser, antlr4::Token* found, std::string message,
                                 const antlr4::misc::IntervalSet& expected) {
  if (messages_.afterMisquotedString(parser, found)) {
    // After one missing '"', every later string is paired wrongly: say so once, then stay
    // silent about the errors that follow such strings.
    if (reportedMisquote_) return;
    reportedMisquote_ = true;
    message += " (the string literal before it spans several lines: is a '\"' missing?)";
  }
  errors_.atToken(found, DiagnosticKind::SyntaxError, std::move(message),
                  messages_.notes(parser, expected), previousToken(parser, found));
}

antlr4::Token* SyntaxErrorStrategy::singleTokenDeletion(antlr4::Parser* parser) {
  // While recovering from an error the deletion is silent and only resynchronises.
  if (inErrorRecoveryMode(parser)) return DefaultErrorStrategy::singleTokenDeletion(parser);
  std::size_t current = parser->getCurrentToken()->getType();
  if (isOpeningBracket(current)) return nullptr;
  bool expressionExpected = has(getExpectedTokens(parser), P::UNSIGNED_NUMBER);
  if (expressionExpected && current == P::SEMICOLON &&
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
  // Skipping twice from one place would loop; ANTLR's recovery then consumes a token.
  if (item == nullptr || !isSimpleItem(item) || start == lastSkipIndex_) {
    DefaultErrorStrategy::recover(parser, e);
    return;
  }
  skipItem(parser);
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
  skipItem(parser);
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
  std::size_t end = parser->getCurrentToken()->getTokenIndex();
  while (tokens->get(end)->getType() != antlr4::Token::EOF &&
         !(tokens->get(end)->getType() == P::END && tokens->get(end + 1)->getText() == name)) {
    ++end;
  }
  if (tokens->get(end)->getType() == antlr4::Token::EOF) return nullptr;
  beginErrorCondition(parser);
  antlr4::Token* found = parser->getCurrentToken();
  report(parser, found, messages_.unclosedClass(parser, found, expected), expected);
  while (parser->getCurrentToken()->getTokenIndex() < end)
    parser->consume();
  antlr4::Token* matched = parser->getCurrentToken();
  reportMatch(parser);
  parser->consume();
  return matched;
}

} // namespace mocc::frontend
