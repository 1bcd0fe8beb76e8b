// Validation and decoding of number, string and quoted-identifier tokens (MLS 2.3.1, 2.4).
#include "literals.h"

#include <cctype>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <locale.h>

namespace mocc::frontend {

namespace {

// The character an escape letter stands for (MLS 2.4.4), or 0 when it is not an escape.
char escapedCharacter(char letter) {
  switch (letter) {
  case '\'': return '\'';
  case '"': return '"';
  case '?': return '?';
  case '\\': return '\\';
  case 'a': return '\a';
  case 'b': return '\b';
  case 'f': return '\f';
  case 'n': return '\n';
  case 'r': return '\r';
  case 't': return '\t';
  case 'v': return '\v';
  default: return 0;
  }
}

// Length in bytes of the UTF-8 character starting at `text[i]` (at least 1).
std::size_t characterLength(std::string_view text, std::size_t i) {
  auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  return std::min(length, text.size() - i);
}

// How a character is shown in a message: printable ASCII quoted, others by name or code.
std::string showCharacter(std::string_view text, std::size_t i) {
  auto c = static_cast<unsigned char>(text[i]);
  switch (c) {
  case '\t': return "a tab";
  case '\n': return "a line break";
  case '\r': return "a carriage return";
  default: break;
  }
  if (c < 0x20 || c == 0x7F) {
    static const char* digits = "0123456789ABCDEF";
    return std::string("control character 0x") + digits[c >> 4] + digits[c & 15];
  }
  return "'" + std::string(text.substr(i, characterLength(text, i))) + "'";
}

std::string invalidEscapeMessage(std::string_view token, std::size_t backslash, const char* where) {
  return "invalid escape sequence '\\" +
         std::string(token.substr(backslash + 1, characterLength(token, backslash + 1))) + "' in " +
         where + "; the escapes are \\' \\\" \\? \\\\ \\a \\b \\f \\n \\r \\t \\v (MLS 2.4.4)";
}

// Q-CHAR of MLS A.1: printable ASCII except the single quote, backslash and backquote.
bool isQuotedIdentifierCharacter(unsigned char c) {
  return c >= 0x20 && c < 0x7F && c != '\'' && c != '\\' && c != '`';
}

double parseReal(std::string_view text) {
  // strtod_l with the C locale: the decimal point must be '.', whatever the process locale.
  static locale_t cLocale = newlocale(LC_NUMERIC_MASK, "C", nullptr);
  std::string copy(text);
  return strtod_l(copy.c_str(), nullptr, cLocale);
}

bool isIntegerText(std::string_view text) {
  return text.find_first_of(".eE") == std::string_view::npos;
}

} // namespace

std::optional<LiteralProblem> checkNumber(std::string_view text) {
  if (isIntegerText(text)) {
    long long value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc() && end == text.data() + text.size()) return std::nullopt;
    return LiteralProblem{0, text.size(),
                          "integer literal " + std::string(text) +
                              " is too large: the largest Integer is " +
                              std::to_string(largestIntegerLiteral) + " (write " +
                              std::string(text) + ".0 for a Real)"};
  }
  if (std::isinf(parseReal(text))) {
    return LiteralProblem{0, text.size(),
                          "Real literal " + std::string(text) +
                              " is out of range: the largest Real is 1.7976931348623157e308"};
  }
  return std::nullopt;
}

std::optional<LiteralProblem> checkStringEscapes(std::string_view token) {
  for (std::size_t i = 1; i + 1 < token.size(); ++i) {
    if (token[i] != '\\') continue;
    if (escapedCharacter(token[i + 1]) == 0) {
      return LiteralProblem{i, 1 + characterLength(token, i + 1),
                            invalidEscapeMessage(token, i, "string literal")};
    }
    ++i;
  }
  return std::nullopt;
}

std::optional<LiteralProblem> checkQuotedIdentifier(std::string_view token) {
  for (std::size_t i = 1; i + 1 < token.size(); ++i) {
    auto c = static_cast<unsigned char>(token[i]);
    if (c == '\\') {
      if (escapedCharacter(token[i + 1]) == 0) {
        return LiteralProblem{i, 1 + characterLength(token, i + 1),
                              invalidEscapeMessage(token, i, "quoted identifier")};
      }
      ++i;
    } else if (!isQuotedIdentifierCharacter(c)) {
      std::string hint = c < 0x80 && c != '`' ? "; write it as an escape sequence such as \\t"
                                              : "; quoted identifiers are printable ASCII";
      return LiteralProblem{i, characterLength(token, i),
                            showCharacter(token, i) +
                                " is not allowed in a quoted identifier (MLS 2.3.1)" + hint};
    }
  }
  return std::nullopt;
}

ast::NumberLiteral decodeNumber(std::string_view text) {
  ast::NumberLiteral literal;
  literal.text = std::string(text);
  literal.isInteger = isIntegerText(text);
  literal.value = parseReal(text);
  return literal;
}

std::string decodeString(std::string_view token) {
  std::string value;
  value.reserve(token.size());
  for (std::size_t i = 1; i + 1 < token.size(); ++i) {
    if (token[i] == '\\' && i + 2 < token.size()) {
      value += escapedCharacter(token[++i]);
    } else {
      value += token[i];
    }
  }
  return value;
}

std::string canonicalIdentifier(std::string_view token) {
  if (token.empty() || token.front() != '\'' || token.find('\\') == std::string_view::npos) {
    return std::string(token);
  }
  std::string name;
  name.reserve(token.size());
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '\\' && i + 1 < token.size()) {
      char next = token[i + 1];
      if (next != '?' && next != '"') name += '\\';
      name += next;
      ++i;
    } else {
      name += token[i];
    }
  }
  return name;
}

std::string quoteString(std::string_view value) {
  std::string text = "\"";
  text.reserve(value.size() + 2);
  for (char c : value) {
    switch (c) {
    case '"': text += "\\\""; break;
    case '\\': text += "\\\\"; break;
    case '\a': text += "\\a"; break;
    case '\b': text += "\\b"; break;
    case '\f': text += "\\f"; break;
    case '\n': text += "\\n"; break;
    case '\r': text += "\\r"; break;
    case '\t': text += "\\t"; break;
    case '\v': text += "\\v"; break;
    default: text += c;
    }
  }
  text += '"';
  return text;
}

} // namespace mocc::frontend
