// Lexical checks on the token stream (MLS 2.2 to 2.4). The grammar has dedicated tokens for
// malformed units (bad escapes, unterminated strings and comments); each is reported here once
// and passed on as the well-formed token it was meant to be.
#include "checking_lexer.h"

#include "literals.h"

namespace mocc::frontend {

using grammar::ModelicaLexer;

CheckingLexer::CheckingLexer(Utf8InputStream& input, SyntaxErrorSink& errors)
    : ModelicaLexer(&input), errors_(errors) {
  // The lexer cannot fail: ILLEGAL_CHARACTER matches any character no other rule takes, and
  // the parser reports it.
  removeErrorListeners();
}

std::unique_ptr<antlr4::Token> CheckingLexer::nextToken() {
  while (true) {
    std::unique_ptr<antlr4::Token> token = ModelicaLexer::nextToken();
    if (check(*token)) {
      ++emitted_;
      return token;
    }
  }
}

void CheckingLexer::reportInside(const antlr4::Token& token, std::size_t offset, std::size_t length,
                                 DiagnosticKind kind, std::string message) {
  const SourcePositions& positions = errors_.positions();
  std::size_t begin = positions.beginOffset(&token) + offset;
  errors_.atRange(SourceRange{positions.at(begin), positions.at(begin + length)}, kind,
                  std::move(message));
}

bool CheckingLexer::check(antlr4::Token& token) {
  std::string_view text = errors_.positions().text(&token);
  auto retype = [&](std::size_t type) {
    dynamic_cast<antlr4::WritableToken&>(token).setType(type);
  };
  switch (token.getType()) {
  case UNSIGNED_NUMBER:
    if (auto problem = checkNumber(text)) {
      reportInside(token, problem->offset, problem->length, DiagnosticKind::InvalidLiteral,
                   problem->message);
    }
    return true;
  case STRING_WITH_BAD_ESCAPE:
    if (auto problem = checkStringEscapes(text)) {
      reportInside(token, problem->offset, problem->length, DiagnosticKind::InvalidLiteral,
                   problem->message);
    }
    retype(STRING);
    return true;
  case BAD_QUOTED_IDENT:
    if (auto problem = checkQuotedIdentifier(text)) {
      reportInside(token, problem->offset, problem->length, DiagnosticKind::InvalidLiteral,
                   problem->message);
    }
    retype(IDENT);
    return true;
  case UNTERMINATED_STRING:
    reportInside(token, 0, 1, DiagnosticKind::SyntaxError,
                 "unterminated string: this '\"' has no closing '\"' before the end of the file");
    errors_.silenceFrom(emitted_ + 1);
    retype(STRING);
    return true;
  case UNTERMINATED_Q_IDENT:
    reportInside(token, 0, 1, DiagnosticKind::SyntaxError,
                 "unterminated quoted identifier: this \"'\" has no closing \"'\" on its line");
    errors_.silenceAt(emitted_ + 1);
    retype(IDENT);
    return true;
  case UNTERMINATED_COMMENT:
    reportInside(token, 0, 2, DiagnosticKind::SyntaxError,
                 "unterminated comment: this '/*' has no closing '*/' before the end of the file");
    errors_.silenceFrom(emitted_);
    return false;
  default: return true;
  }
}

} // namespace mocc::frontend
