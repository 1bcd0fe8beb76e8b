// Readable names for tokens and token sets in syntax-error messages: `';'`, `identifier`,
// `number`, and summaries such as "an expression" instead of ANTLR's internal token names.
#pragma once

#include <antlr4-runtime.h>

#include <string>
#include <vector>

namespace mocc::frontend {

class TokenDescriber {
public:
  explicit TokenDescriber(const antlr4::Parser& parser);

  /// How the offending token is shown after "found": `'end'`, `'x'`, `end of file`.
  std::string found(const antlr4::Token* token) const;
  /// The name of one token type: `';'`, `'end'`, `identifier`, `number`, `string`.
  std::string name(std::size_t tokenType) const;
  /// What a set of expected tokens means, e.g. "';'", "an expression or ')'". Returns an
  /// empty string when the set is too large to say anything useful.
  std::string expected(const antlr4::misc::IntervalSet& tokens) const;
  /// Keywords in `tokens` that `word` is probably a misspelling of (edit distance 1 or 2);
  /// an empty set stands for all keywords of five letters or more.
  std::vector<std::string> similarKeywords(const std::string& word,
                                           const antlr4::misc::IntervalSet& tokens) const;

private:
  struct Summary {
    antlr4::misc::IntervalSet tokens; // the FIRST set of a rule, without EOF/epsilon and 'end'
    const char* description;
    bool isList; // elements, equations, statements: a following 'end' is worth naming
  };
  const antlr4::dfa::Vocabulary& vocabulary_;
  std::vector<Summary> summaries_;
};

/// "a", "a or b", "a, b or c".
std::string joinAlternatives(const std::vector<std::string>& items);

} // namespace mocc::frontend
