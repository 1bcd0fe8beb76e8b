// Literal tokens: validation of numbers, strings and quoted identifiers (MLS 2.3, 2.4) and
// their decoding into AST values. Validation runs in the lexer stage, so that decoding can
// assume well-formed text.
#pragma once

#include "mocc/ast/ast.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace mocc::frontend {

/// A defect in a literal: what is wrong, and where inside the token text (bytes).
struct LiteralProblem {
  std::size_t offset = 0;
  std::size_t length = 1;
  std::string message;
};

/// Integer literals larger than this are rejected (the value of an Integer is 64 bits here;
/// MLS 2.4.2 requires at least the range of IntegerType).
inline constexpr long long largestIntegerLiteral = 9223372036854775807LL;

/// Checks an UNSIGNED-NUMBER token: integers must fit in 64 bits, reals in IEEE double.
std::optional<LiteralProblem> checkNumber(std::string_view text);
/// Finds the first invalid escape sequence in a string token (quotes included).
std::optional<LiteralProblem> checkStringEscapes(std::string_view token);
/// Finds the first character that MLS 2.3.1 does not allow in a quoted identifier.
std::optional<LiteralProblem> checkQuotedIdentifier(std::string_view token);

/// The value of a well-formed UNSIGNED-NUMBER token.
ast::NumberLiteral decodeNumber(std::string_view text);
/// The value of a well-formed STRING token (quotes included): escapes resolved.
std::string decodeString(std::string_view token);
/// An identifier as the AST stores it: as written, except that the redundant escapes `\?` and
/// `\"` of a quoted identifier are replaced by `?` and `"` (they denote the same name).
std::string canonicalIdentifier(std::string_view token);
/// Writes `value` as a Modelica string literal with quotes and escapes.
std::string quoteString(std::string_view value);

} // namespace mocc::frontend
