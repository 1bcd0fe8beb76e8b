// The wording of syntax errors: "expected ';' after the declaration of 'x' but found 'end'"
// instead of ANTLR's "missing ';' at 'end'", token sets summarised ("an expression"), dedicated
// explanations for mistakes the grammar's shape makes common (chained comparisons, `2*-3`,
// misspelled keywords, equations among declarations) and notes at unclosed brackets.
#pragma once

#include "mocc/support/diagnostics.h"
#include "source_positions.h"
#include "token_names.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

class SyntaxErrorMessages {
public:
  SyntaxErrorMessages(const TokenDescriber& tokens, const SourcePositions& positions)
      : tokens_(tokens), positions_(positions) {}

  /// "expected X [after Y] but found Z", or "unexpected Z" when X is too vague to help.
  /// Returns nullopt when the error is a known consequence of an error reported elsewhere.
  std::optional<std::string> expected(antlr4::Parser* parser, antlr4::Token* found,
                                      const antlr4::misc::IntervalSet& expected) const;
  /// "unexpected Z [after Y]; expected X", for a token that recovery deletes.
  std::string unexpected(antlr4::Parser* parser, antlr4::Token* found,
                         const antlr4::misc::IntervalSet& expected) const;
  /// For a class that goes on where its `end` is expected.
  std::string unclosedClass(antlr4::Parser* parser, antlr4::Token* found,
                            const antlr4::misc::IntervalSet& expected) const;
  /// Notes pointing at an unclosed bracket or class that the expected token would close.
  std::vector<DiagnosticNote> notes(antlr4::Parser* parser,
                                    const antlr4::misc::IntervalSet& expected) const;
  /// True when just before `found` is a string literal whose first line ends in `;`: the sign
  /// of a missing '"' (the strings after it pair up wrongly to the end of the file).
  bool afterMisquotedString(antlr4::Parser* parser, const antlr4::Token* found) const;

private:
  /// A message for a mistake that has its own explanation, or an empty string.
  std::string specific(antlr4::Parser* parser, antlr4::Token* found,
                       const antlr4::misc::IntervalSet& expected) const;
  /// Hints appended to a message, or an empty string.
  std::string hints(antlr4::Parser* parser, antlr4::Token* found,
                    const antlr4::misc::IntervalSet& expected) const;
  std::string misspellingHint(antlr4::Parser* parser, antlr4::Token* found,
                              const antlr4::misc::IntervalSet& expected) const;
  std::string placementHint(antlr4::Parser* parser, antlr4::Token* found,
                            const antlr4::misc::IntervalSet& expected) const;

  const TokenDescriber& tokens_;
  const SourcePositions& positions_;
};

} // namespace mocc::frontend
