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
  /// ANTLR's recovery by deleting one token, except for opening brackets (their contents would
  /// be misread), a `;` that is not between the items
  /// of a list (deleting the `;` of `Real x = ;` would parse the next declaration as the
  /// missing expression), and except where the next token is `end` and an expression is
  /// expected (`end` is a primary, MLS A.2.7, but here it closes a class).
  antlr4::Token* singleTokenDeletion(antlr4::Parser* parser) override;
  /// Where a class should end but does not, skips to its `end Name` when there is one (the
  /// default recovery would conjure `end` and read the rest of the class as a cascade); where
  /// the `;` after a list item is missing and neither deleting nor inserting one token helps,
  /// skips to the next `;` and stays in the list (the default would leave the whole list).
  antlr4::Token* recoverInline(antlr4::Parser* parser) override;
  /// Also removes stray `;` between the items of a list, which ANTLR's sync lets through
  /// (the list may end there) to fail later at the end of the class.
  void sync(antlr4::Parser* parser) override;
  /// Inside a simple declaration, equation or statement, skips to the `;` that ends it (panic
  /// mode): ANTLR's follow-set recovery often resumes inside the broken item and reports its
  /// remains as further errors. Compound items and everything else recover as ANTLR does.
  void recover(antlr4::Parser* parser, std::exception_ptr e) override;

private:
  antlr4::Token* skipToClassEnd(antlr4::Parser* parser);
  antlr4::Token* skipToSemicolon(antlr4::Parser* parser);
  /// True when just before `found` is a string literal whose first line ends in `;`: the sign
  /// of a missing '"' (the strings after it pair up wrongly to the end of the file).
  bool afterMultiLineString(antlr4::Parser* parser, const antlr4::Token* found) const;
  /// "expected X [after Y] but found Z", or "unexpected Z" when X is too vague to help.
  void reportExpected(antlr4::Parser* parser, antlr4::Token* found,
                      const antlr4::misc::IntervalSet& expected);
  void reportUnexpected(antlr4::Parser* parser, antlr4::Token* found,
                        const antlr4::misc::IntervalSet& expected);
  void report(antlr4::Parser* parser, antlr4::Token* found, std::string message,
              std::vector<DiagnosticNote> notes);
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
  std::size_t lastSkipIndex_ = INVALID_INDEX; // where the last panic-mode skip stopped
  bool reportedMisquote_ = false;             // a missing '"' was suspected already
};

} // namespace mocc::frontend
