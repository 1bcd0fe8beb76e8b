// Token and token-set descriptions for syntax errors. Summaries come from the grammar itself
// (the FIRST sets of rules such as `expression`), so they stay right when the grammar changes.
#include "token_names.h"

#include "ModelicaParser.h"

#include <algorithm>
#include <cctype>

namespace mocc::frontend {

using grammar::ModelicaParser;

namespace {

constexpr std::size_t maxListedTokens = 6;
constexpr std::size_t maxQuotedLength = 24;

bool isKeywordText(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c));
  });
}

std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Where a token type sorts in an expected-token list: punctuation first, then keywords, then
// identifier/number/string, and end of file last.
int listOrder(std::size_t type) {
  if (type == antlr4::Token::EOF) return 3;
  if (type == ModelicaParser::IDENT || type == ModelicaParser::UNSIGNED_NUMBER ||
      type == ModelicaParser::STRING) {
    return 2;
  }
  return type < ModelicaParser::LPAREN ? 1 : 0;
}

} // namespace

std::string joinAlternatives(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " or " : ", ";
    text += items[i];
  }
  return text;
}

TokenDescriber::TokenDescriber(const antlr4::Parser& parser) : vocabulary_(parser.getVocabulary()) {
  const antlr4::atn::ATN& atn = parser.getATN();
  auto first = [&](std::size_t rule) {
    antlr4::misc::IntervalSet set = atn.nextTokens(atn.ruleToStartState[rule]);
    set.remove(antlr4::Token::EPSILON);
    set.remove(static_cast<std::size_t>(
        ModelicaParser::END)); // `end` starts an expression only inside subscripts
    return set;
  };
  summaries_ = {
      {first(ModelicaParser::RuleElement), "a declaration", true},
      {first(ModelicaParser::RuleEquation), "an equation", true},
      {first(ModelicaParser::RuleStatement), "a statement", true},
      {first(ModelicaParser::RuleClassDefinition), "a class definition", false},
      {first(ModelicaParser::RuleExpression), "an expression", false},
      {first(ModelicaParser::RulePrimary), "an expression", false},
      {first(ModelicaParser::RuleArgument), "a modification", false},
  };
}

std::string TokenDescriber::name(std::size_t type) const {
  switch (type) {
  case antlr4::Token::EOF: return "end of file";
  case ModelicaParser::IDENT: return "identifier";
  case ModelicaParser::UNSIGNED_NUMBER: return "number";
  case ModelicaParser::STRING: return "string";
  default: return vocabulary_.getLiteralName(type); // "';'", "'end'"
  }
}

std::string TokenDescriber::found(const antlr4::Token* token) const {
  if (token->getType() == antlr4::Token::EOF) return "end of file";
  std::string text = token->getText();
  if (token->getType() == ModelicaParser::STRING) {
    if (text.size() > maxQuotedLength) text = text.substr(0, maxQuotedLength - 4) + "...\"";
    return "string " + text;
  }
  if (text.size() > maxQuotedLength) text = text.substr(0, maxQuotedLength - 3) + "...";
  return "'" + text + "'";
}

std::string TokenDescriber::expected(const antlr4::misc::IntervalSet& tokens) const {
  antlr4::misc::IntervalSet rest = tokens;
  rest.remove(antlr4::Token::EPSILON);
  std::vector<std::string> items;
  bool listExpected = false;
  bool expressionExpected = false;
  for (const Summary& summary : summaries_) {
    if (summary.tokens.isEmpty() || !summary.tokens.subtract(rest).isEmpty()) continue;
    if (std::find(items.begin(), items.end(), summary.description) == items.end()) {
      items.push_back(summary.description);
    }
    rest = rest.subtract(summary.tokens);
    (summary.isList ? listExpected : expressionExpected) = true;
  }
  // Where an expression may start, so may `end` (a primary, meant for subscripts); name it
  // only where it can close a class or a compound equation or statement.
  if (expressionExpected && !listExpected)
    rest.remove(static_cast<std::size_t>(ModelicaParser::END));
  std::vector<std::size_t> types;
  for (ssize_t type : rest.toList())
    types.push_back(static_cast<std::size_t>(type));
  std::stable_sort(types.begin(), types.end(),
                   [](std::size_t a, std::size_t b) { return listOrder(a) < listOrder(b); });
  if (items.size() + types.size() > maxListedTokens) return "";
  for (std::size_t type : types)
    items.push_back(name(type));
  return joinAlternatives(items);
}

std::vector<std::string>
TokenDescriber::similarKeywords(const std::string& word,
                                const antlr4::misc::IntervalSet& tokens) const {
  std::vector<std::string> similar;
  if (word.size() < 3) return similar;
  std::vector<ssize_t> candidates = tokens.toList();
  bool anyKeyword = tokens.isEmpty();
  if (anyKeyword) {
    for (std::size_t type = 1; type < ModelicaParser::LPAREN; ++type) {
      candidates.push_back(static_cast<ssize_t>(type));
    }
  }
  for (ssize_t type : candidates) {
    std::string literal = vocabulary_.getLiteralName(static_cast<std::size_t>(type));
    if (literal.size() < 3) continue;
    std::string keyword = literal.substr(1, literal.size() - 2);
    if (!isKeywordText(keyword) || (anyKeyword && keyword.size() < 5) || keyword == word) continue;
    std::size_t allowed = keyword.size() <= 4 ? 1 : 2;
    if (editDistance(word, keyword) <= allowed) similar.push_back(keyword);
  }
  return similar;
}

} // namespace mocc::frontend
