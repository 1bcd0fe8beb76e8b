// ANTLR's default error recovery, tuned so that one mistake gives one error: stray `;` are
// dropped, broken declarations, equations and statements are skipped to their `;`, an
// unclosed class is skipped to its `end Name`, and errors are worded by SyntaxErrorMessages.
#pragma once

#include "syntax_error_messages.h"
#include "syntax_error_sink.h"

#include <antlr4-runtime.h>

namespace mocc::frontend {

class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  SyntaxErrorStrategy(SyntaxErrorSink& errors, const TokenDescriber& tokens)
      : errors_(errors), messages_(tokens, errors.positions()) {}

protected:
  void reportNoViableAlternative(antlr4::Parser* parser,
                                 const antlr4::NoViableAltException& e) override;
  void reportInputMismatch(antlr4::Parser* parser,
                           const antlr4::InputMismatchException& e) override;
  void reportUnwantedToken(antlr4::Parser* parser) override;
  void reportMissingToken(antlr4::Parser* parser) override;
  /// ANTLR's recovery by deleting one token, except for an opening bracket (its contents
  /// would be misread), a `;` where an expression is expected outside a list (deleting the `;`
  /// of `Real x = ;` would read the next declaration as the expression), and a token before
  /// `end` where an expression is expected (`end` is a primary, MLS A.2.7, but here it closes
  /// the class).
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
  void reportExpected(antlr4::Parser* parser, antlr4::Token* found,
                      const antlr4::misc::IntervalSet& expected);
  void report(antlr4::Parser* parser, antlr4::Token* found, std::string message,
              const antlr4::misc::IntervalSet& expected);

  SyntaxErrorSink& errors_;
  SyntaxErrorMessages messages_;
  std::size_t lastSkipIndex_ = INVALID_INDEX; // where the last panic-mode skip stopped
  bool reportedMisquote_ = false;             // a missing '"' was suspected already
};

} // namespace mocc::frontend
