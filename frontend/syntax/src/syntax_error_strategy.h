// ANTLR's default error recovery with readable messages: "expected ';' after the declaration of
// 'x' but found 'end'" instead of "missing ';' at 'end'", token sets summarised ("an
// expression"), and dedicated messages for mistakes the grammar's shape makes common (chained
// comparisons, `2*-3`, misspelled keywords).
#pragma once

#include "syntax_error_sink.h"
#include "token_names.h"

#include <antlr4-runtime.h>

namespace mocc::frontend {

class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  SyntaxErrorStrategy(SyntaxErrorSink& errors, const TokenDescriber& tokens)
      : errors_(errors), tokens_(tokens) {}

protected:
  void reportNoViableAlternative(antlr4::Parser* parser,
                                 const antlr4::NoViableAltException& e) override;
  void reportInputMismatch(antlr4::Parser* parser,
                           const antlr4::InputMismatchException& e) override;
  void reportUnwantedToken(antlr4::Parser* parser) override;
  void reportMissingToken(antlr4::Parser* parser) override;
  /// ANTLR's recovery by deleting one token, except for a `;` that is not between the items
  /// of a list (deleting the `;` of `Real x = ;` would parse the next declaration as the
  /// missing expression), and except where the next token is `end` and an expression is
  /// expected (`end` is a primary, MLS A.2.7, but here it closes a class).
  antlr4::Token* singleTokenDeletion(antlr4::Parser* parser) override;
  /// Where a class should end but does not, skips to its `end Name` when there is one: the
  /// default recovery would conjure `end` and read the rest of the class as a cascade.
  antlr4::Token* recoverInline(antlr4::Parser* parser) override;
  /// Also removes stray `;` between the items of a list, which ANTLR's sync lets through
  /// (the list may end there) to fail later at the end of the class.
  void sync(antlr4::Parser* parser) override;

private:
  antlr4::Token* skipToClassEnd(antlr4::Parser* parser);
  /// "expected X [after Y] but found Z", or "unexpected Z" when X is too vague to help.
  void reportExpected(antlr4::Parser* parser, antlr4::Token* found,
                      const antlr4::misc::IntervalSet& expected);
  void reportUnexpected(antlr4::Parser* parser, antlr4::Token* found,
                        const antlr4::misc::IntervalSet& expected);
  /// A message for a mistake that has its own explanation, or an empty string.
  std::string specificMessage(antlr4::Parser* parser, antlr4::Token* found,
                              const antlr4::misc::IntervalSet& expected) const;
  /// Hints appended to a message: misspelled or reserved keywords, `=` for `:=`.
  std::string hints(antlr4::Parser* parser, antlr4::Token* found,
                    const antlr4::misc::IntervalSet& expected) const;
  /// Notes pointing at an unclosed bracket or class that the expected token would close.
  std::vector<DiagnosticNote> notes(antlr4::Parser* parser,
                                    const antlr4::misc::IntervalSet& expected) const;

  SyntaxErrorSink& errors_;
  const TokenDescriber& tokens_;
};

} // namespace mocc::frontend
