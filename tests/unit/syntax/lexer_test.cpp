// Lexical structure (MLS chapter 2): comments, white-space, identifiers, literals, and how
// malformed lexical units are reported: once, at the right byte column, without cascades.
#include "syntax_test_support.h"

namespace mocc::test {
namespace {

using namespace ast;

/// Parses `text` expecting exactly one diagnostic; returns it.
Diagnostic onlyDiagnostic(const std::string& text) {
  auto parsed = parseText(text);
  EXPECT_FALSE(parsed->definition.has_value());
  EXPECT_EQ(parsed->diagnostics.all().size(), 1u) << parsed->rendered();
  if (parsed->diagnostics.all().empty())
    return Diagnostic{DiagnosticKind::SyntaxError, Severity::Error, {}, "", {}};
  return parsed->diagnostics.all().front();
}

TEST(SyntaxLexer, CommentsAndWhitespaceSeparateTokens) {
  auto parsed = parseText("// leading\nmodel/* inline */M // trailing\r\n"
                          "\tReal/**/x; /* a\nmulti-line */ Real y;\nend M;");
  const StoredDefinition& definition = parseValid(parsed);
  EXPECT_EQ(longClass(definition).composition.elements.size(), 2u);
  EXPECT_EQ(parsed->statistics.tokens, 11u) << "comments and white-space are no tokens";
}

TEST(SyntaxLexer, DelimitedCommentsDoNotNest) {
  // MLS 2.2: the comment ends at the first */, so the example of the specification is invalid.
  auto parsed = parseText("/* Invalid nesting\nmodel Interesting\n  /* To be done */\n"
                          "end Interesting;\n*/\n");
  EXPECT_FALSE(parsed->definition.has_value());
  ASSERT_FALSE(parsed->diagnostics.all().empty());
  EXPECT_EQ(at(parsed->diagnostics.all()[0].range.begin), "4:1");
}

TEST(SyntaxLexer, ByteOrderMarkIsWhitespace) {
  // MLS 13.4: a (deprecated) UTF-8 BOM at the start of a file is white-space.
  auto parsed = parseText("\xEF\xBB\xBFmodel M end M;");
  const ClassDef& classDef = *parseValid(parsed).classes[0];
  EXPECT_EQ(at(classDef.nameRange.begin), "1:10") << "columns count bytes";
}

TEST(SyntaxLexer, ColumnsCountBytesAfterMultibyteCharacters) {
  auto parsed = parseText("model M\n  String s = \"\xC3\xA9t\xC3\xA9\"; Real x = 1 $;\nend M;");
  ASSERT_EQ(parsed->diagnostics.all().size(), 1u) << parsed->rendered();
  const Diagnostic& error = parsed->diagnostics.all()[0];
  EXPECT_EQ(error.message, "unexpected character '$'");
  EXPECT_EQ(at(error.range.begin), "2:34");
  EXPECT_EQ(at(error.range.end), "2:35");
}

TEST(SyntaxLexer, IdentifiersAndQuotedIdentifiers) {
  auto parsed =
      parseText("model _m1\n  Real 'quoted name+-*/{}'; Real 'a\\'b'; Real x_2;\nend _m1;");
  const auto& elements = longClass(parseValid(parsed)).composition.elements;
  EXPECT_EQ(std::get<Component>(elements[0].node).declarations[0].name, "'quoted name+-*/{}'");
  EXPECT_EQ(std::get<Component>(elements[1].node).declarations[0].name, "'a\\'b'");
  EXPECT_NE(parseExpr("'x'"), nullptr);
  EXPECT_EQ(canonical("'x'"), "'x'") << "quotes are part of the name (MLS 2.3.1)";
}

TEST(SyntaxLexer, StringsSpanLinesAndKeepUnicode) {
  ExprPtr expr = parseExpr("\"line 1\nline 2 \xE2\x82\xAC\"");
  ASSERT_TRUE(expr);
  EXPECT_EQ(as<StringLiteral>(*expr).value, "line 1\nline 2 \xE2\x82\xAC");
  EXPECT_EQ(at(expr->range.end), "2:12");
}

TEST(SyntaxLexer, InvalidEscapeIsAnInvalidLiteralAtTheBackslash) {
  Diagnostic error = onlyDiagnostic("model M\n  String s = \"ab\\qc\";\nend M;");
  EXPECT_EQ(error.kind, DiagnosticKind::InvalidLiteral);
  EXPECT_EQ(at(error.range.begin), "2:17");
  EXPECT_EQ(at(error.range.end), "2:19");
  EXPECT_NE(error.message.find("invalid escape sequence '\\q' in string literal"),
            std::string::npos)
      << error.message;
}

TEST(SyntaxLexer, UnterminatedStringIsOneError) {
  Diagnostic error = onlyDiagnostic("model M\n  String s = \"abc;\nend M;\n");
  EXPECT_EQ(error.kind, DiagnosticKind::SyntaxError);
  EXPECT_EQ(at(error.range.begin), "2:14");
  EXPECT_EQ(error.message,
            "unterminated string: this '\"' has no closing '\"' before the end of the file");
}

TEST(SyntaxLexer, UnterminatedCommentIsOneError) {
  Diagnostic error = onlyDiagnostic("model M\n  Real x; /* unfinished\nend M;\n");
  EXPECT_EQ(at(error.range.begin), "2:11");
  EXPECT_NE(error.message.find("unterminated comment"), std::string::npos);
}

TEST(SyntaxLexer, UnterminatedQuotedIdentifier) {
  Diagnostic error = onlyDiagnostic("model M\n  Real 'abc;\nend M;");
  EXPECT_EQ(at(error.range.begin), "2:8");
  EXPECT_NE(error.message.find("unterminated quoted identifier"), std::string::npos);
}

TEST(SyntaxLexer, QuotedIdentifierCharacters) {
  Diagnostic tab = onlyDiagnostic("model M\n  Real 'a\tb';\nend M;");
  EXPECT_EQ(tab.kind, DiagnosticKind::InvalidLiteral);
  EXPECT_EQ(at(tab.range.begin), "2:10");
  EXPECT_NE(tab.message.find("a tab is not allowed in a quoted identifier"), std::string::npos);

  Diagnostic unicode = onlyDiagnostic("model M\n  Real '\xC3\xA9';\nend M;");
  EXPECT_NE(unicode.message.find("printable ASCII"), std::string::npos) << unicode.message;
}

TEST(SyntaxLexer, IllegalCharactersGetHints) {
  Diagnostic ampersand = onlyDiagnostic("model M\n  Boolean b = x & y;\nend M;");
  EXPECT_EQ(ampersand.message,
            "unexpected character '&'; the logical operators are 'and', 'or' and 'not'");
  EXPECT_EQ(at(ampersand.range.begin), "2:17");
}

TEST(SyntaxLexer, IntegerLiteralOutOfRange) {
  EXPECT_EQ(parseText("model M Integer i = 9223372036854775807; end M;")->diagnostics.all().size(),
            0u);
  Diagnostic error = onlyDiagnostic("model M\n  Integer i = 9223372036854775808;\nend M;");
  EXPECT_EQ(error.kind, DiagnosticKind::InvalidLiteral);
  EXPECT_EQ(at(error.range.begin), "2:15");
  EXPECT_EQ(at(error.range.end), "2:34");
  EXPECT_EQ(error.message, "integer literal 9223372036854775808 is too large: the largest Integer "
                           "is 9223372036854775807 (write 9223372036854775808.0 for a Real)");
  EXPECT_EQ(parseText("model M Real r = 9223372036854775808.0; end M;")->diagnostics.all().size(),
            0u);
}

TEST(SyntaxLexer, RealLiteralOutOfRange) {
  Diagnostic error = onlyDiagnostic("model M\n  Real r = 1.8e308;\nend M;");
  EXPECT_EQ(error.kind, DiagnosticKind::InvalidLiteral);
  EXPECT_NE(error.message.find("Real literal 1.8e308 is out of range"), std::string::npos);
  EXPECT_EQ(parseText("model M Real r = 1e-320; end M;")->diagnostics.all().size(), 0u)
      << "gradual underflow is a value, not an error";
}

TEST(SyntaxLexer, InvalidUtf8IsReportedOnce) {
  Diagnostic error = onlyDiagnostic("model M\n  String s = \"caf\xE9\"; // \xFF\nend M;");
  EXPECT_EQ(at(error.range.begin), "2:18");
  EXPECT_EQ(error.message, "the file is not valid UTF-8 (MLS 13.4): invalid byte (and 1 more)");
}

TEST(SyntaxLexer, ExponentNeedsDigits) {
  // `2e` is the number 2 followed by the identifier e (longest match, MLS 2.4.1), so `2else`
  // in an if-expression is valid and `1e+x` is not a number.
  EXPECT_EQ(canonical("if b then 2else 3"), "if b then 2 else 3");
  EXPECT_EQ(parseExpr("1e+x"), nullptr);
}

} // namespace
} // namespace mocc::test
