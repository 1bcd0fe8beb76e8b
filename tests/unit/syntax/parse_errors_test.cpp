// Syntax errors: the position of the offending token, readable messages naming what was found
// and what was expected, notes, one error per mistake, every independent error reported, and
// the error limit.
#include "syntax_test_support.h"

namespace mocc::test {
namespace {

using namespace ast;

struct ExpectedError {
  std::string position; // "line:column" of the offending token
  std::string message;
};

/// Parses `text` and checks that exactly the given errors were reported, in order.
void expectErrors(const std::string& text, const std::vector<ExpectedError>& expected) {
  auto parsed = parseText(text);
  EXPECT_FALSE(parsed->definition.has_value());
  const auto& all = parsed->diagnostics.all();
  ASSERT_EQ(all.size(), expected.size()) << parsed->rendered();
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].severity, Severity::Error);
    EXPECT_EQ(at(all[i].range.begin), expected[i].position) << parsed->rendered();
    EXPECT_EQ(all[i].message, expected[i].message) << parsed->rendered();
  }
}

TEST(SyntaxErrors, NestingBeyondTheLimitIsOneErrorNotACrash) {
  // 20,000 levels would exhaust the stack of a recursive descent; 256 are allowed.
  std::string deep = "model M\n  Real y = " + std::string(20000, '(') + "time" +
                     std::string(20000, ')') + ";\nend M;\n";
  expectErrors(deep, {{"2:268", "nesting deeper than 256 levels of parentheses, brackets and "
                                "braces; split the expression into named parts"}});
  // The 40,000-character line is shown as a window of 120 columns around the caret.
  std::string rendered = parseText(deep)->rendered();
  std::string window = "\n  ..." + std::string(120, '(') + "...\n  " + std::string(63, ' ') + "^\n";
  EXPECT_NE(rendered.find(window), std::string::npos) << rendered.substr(0, 400);
  std::string allowed = "model M\n  Real y = " + std::string(256, '(') + "time" +
                        std::string(256, ')') + ";\nend M;\n";
  EXPECT_TRUE(parseText(allowed)->definition.has_value());
}

TEST(SyntaxErrors, MissingSemicolonAfterDeclaration) {
  expectErrors("model M\n  Real x\nend M;",
               {{"3:1", "expected ';' after the declaration of 'x' but found 'end'"}});
}

TEST(SyntaxErrors, MissingSemicolonAfterOtherConstructs) {
  expectErrors("model M\n  import A.B\n  extends C\n  Real x;\nequation\n  x = 1\nend M",
               {{"3:3", "expected ';' after the import clause but found 'extends'"},
                {"4:3", "expected ';' after the extends clause but found 'Real'"},
                {"7:1", "expected ';' after the equation but found 'end'"},
                {"7:6", "expected ';' after the definition of 'M' but found end of file"}});
}

TEST(SyntaxErrors, ErrorAtEndOfFilePointsAfterTheLastToken) {
  auto parsed = parseText("model M\n  Real x;\n\n\n");
  ASSERT_EQ(parsed->diagnostics.all().size(), 1u);
  const Diagnostic& error = parsed->diagnostics.all()[0];
  EXPECT_EQ(error.message, "expected 'end M' to close class 'M' but found end of file");
  EXPECT_EQ(at(error.range.begin), "2:10");
  ASSERT_EQ(error.notes.size(), 1u);
  EXPECT_EQ(error.notes[0].message, "class 'M' begins here");
  EXPECT_EQ(at(error.notes[0].range.begin), "1:7");
}

TEST(SyntaxErrors, UnexpectedToken) {
  expectErrors("model M\n  Real y x;\nend M;",
               {{"2:10", "unexpected 'x' after the declaration of 'y'; expected ';'"}});
}

TEST(SyntaxErrors, MismatchedEndName) {
  auto parsed = parseText("model A\n  Real x;\nend B;");
  EXPECT_FALSE(parsed->definition.has_value());
  ASSERT_EQ(parsed->diagnostics.all().size(), 1u);
  const Diagnostic& error = parsed->diagnostics.all()[0];
  EXPECT_EQ(error.kind, DiagnosticKind::MismatchedEndName);
  EXPECT_EQ(error.message, "'end B' does not match the class name 'A'");
  EXPECT_EQ(at(error.range.begin), "3:5");
  ASSERT_EQ(error.notes.size(), 1u);
  EXPECT_EQ(at(error.notes[0].range.begin), "1:7");
  EXPECT_EQ(error.notes[0].message, "class 'A' begins here");
}

TEST(SyntaxErrors, MismatchedEndNameOfNestedClass) {
  expectErrors("package P\n  model Inner\n  end Outer;\nend P;",
               {{"3:7", "'end Outer' does not match the class name 'Inner'"}});
}

TEST(SyntaxErrors, UnclosedClassAroundAnInnerClassOfTheSameName) {
  // The inner `end A` matches the inner class; the outer one is left open (found by fuzzing:
  // it used to reach the AST builder without its end name and crash).
  expectErrors("model A\nmodel A\n  annotation(x = 1);\nend A;",
               {{"1:7", "class 'A' is not closed: expected 'end A;' before the end of the file"}});
}

TEST(SyntaxErrors, UnclosedBracketGetsANote) {
  auto parsed = parseText("model M\n  Real x = f(1, 2;\nend M;");
  ASSERT_EQ(parsed->diagnostics.all().size(), 1u) << parsed->rendered();
  const Diagnostic& error = parsed->diagnostics.all()[0];
  EXPECT_EQ(error.message, "expected ')' but found ';'");
  EXPECT_EQ(at(error.range.begin), "2:18");
  ASSERT_EQ(error.notes.size(), 1u);
  EXPECT_EQ(error.notes[0].message, "to match this '('");
  EXPECT_EQ(at(error.notes[0].range.begin), "2:13");
}

TEST(SyntaxErrors, MissingExpression) {
  expectErrors("model M\n  Real x = ;\nend M;",
               {{"2:12", "expected an expression or 'break' but found ';'"}});
  expectErrors("model M\nequation\n  x = 2 * ;\nend M;",
               {{"3:11", "expected an expression but found ';'"}});
}

TEST(SyntaxErrors, UnarySignAfterOperator) {
  expectErrors("model M\n  Real x = 2*-3;\nend M;",
               {{"2:14", "unexpected '-' after '*': a sign may only start an expression; add "
                         "parentheses, as in 'x * (-y)' (MLS 3.2)"}});
}

TEST(SyntaxErrors, ChainedComparison) {
  expectErrors("model M\n  Boolean b = a < b <= c;\nend M;",
               {{"2:21", "unexpected '<=': comparisons do not chain; write 'a < b and b < c' or "
                         "add parentheses (MLS 3.2)"}});
}

TEST(SyntaxErrors, ChainedPower) {
  expectErrors("model M\n  Real y = a^f(b)^c;\nend M;",
               {{"2:18", "unexpected '^': exponentiation does not associate; write 'a^(b^c)' or "
                         "'(a^b)^c' (MLS 3.2)"}});
}

TEST(SyntaxErrors, MisspelledKeyword) {
  expectErrors("modle M\n  Real x;\nend M;",
               {{"1:1", "expected a class definition, 'final', 'within' or end of file but found "
                        "'modle'; did you mean 'model'?"}});
  expectErrors("model M\n  Real x;\nequatoin\n  der(x) = 1;\nend M;",
               {{"4:3", "expected '[' or identifier but found 'der'; did you mean 'equation'? "
                        "('equatoin' is read as a name)"}});
}

TEST(SyntaxErrors, KeywordUsedAsName) {
  expectErrors("model M\n  Real initial;\nend M;",
               {{"2:8", "expected '[' or identifier but found 'initial' ('initial' is a reserved "
                        "keyword and cannot be used as a name, MLS 2.3.3)"}});
}

TEST(SyntaxErrors, PredefinedTypeNamesCannotBeDeclared) {
  expectErrors("model M\n  Integer Real = 2;\n  type E = enumeration(String);\nend M;",
               {{"2:11", "'Real' names a predefined type and cannot be declared as an element or "
                         "enumeration literal (MLS 2.3.3)"},
                {"3:24", "'String' names a predefined type and cannot be declared as an element "
                         "or enumeration literal (MLS 2.3.3)"}});
}

TEST(SyntaxErrors, EquationWithoutEquals) {
  expectErrors("model M\nequation\n  x + 1;\n  der(x);\n  f(x);\nend M;",
               {{"3:8", "expected '=' in the equation but found ';'; an equation is 'expression "
                        "= expression' or a function call (MLS 8.3)"},
                {"4:9", "expected '=' in the equation but found ';'; an equation is 'expression "
                        "= expression' or a function call (MLS 8.3)"}});
}

TEST(SyntaxErrors, EveryIndependentErrorIsReportedOnce) {
  auto parsed = parseText("model M\n"
                          "  Real a = ;\n"
                          "  Real b\n"
                          "  Real c = 3 $;\n"
                          "equation\n"
                          "  a = (b + ;\n"
                          "  c = 2;\n"
                          "  if a then b = 1; end when;\n"
                          "end N;\n");
  std::vector<std::string> positions;
  for (const Diagnostic& error : parsed->diagnostics.all()) {
    positions.push_back(at(error.range.begin));
  }
  EXPECT_EQ(positions, (std::vector<std::string>{"2:12", "4:3", "4:14", "6:12", "8:24", "9:5"}))
      << parsed->rendered();
}

TEST(SyntaxErrors, StraySemicolons) {
  expectErrors("model M\n  Real x;;\nequation\n  x = 1;;;\nend M;;",
               {{"2:10", "unexpected ';'"}, {"4:9", "unexpected ';'"}, {"5:7", "unexpected ';'"}});
}

TEST(SyntaxErrors, GarbageAfterAnItemIsSkippedToItsSemicolon) {
  expectErrors("model M\n  Real x = 1 2 3 4;\n  Real y;\nequation\n  x = y z (w);\nend M;",
               {{"2:14", "expected ';' after the declaration of 'x' but found '2'"},
                {"5:9", "expected ';' after the equation but found 'z'"}});
}

TEST(SyntaxErrors, MissingEndOfNestedClassIsOneError) {
  auto parsed = parseText("package P\n  model A\n    Real x;\n  model B\n  end B;\nend P;");
  ASSERT_EQ(parsed->diagnostics.all().size(), 1u) << parsed->rendered();
  const Diagnostic& error = parsed->diagnostics.all()[0];
  EXPECT_EQ(error.kind, DiagnosticKind::MismatchedEndName);
  EXPECT_EQ(error.message, "class 'A' is not closed: expected 'end A;' before 'end P'");
  EXPECT_EQ(at(error.range.begin), "6:5");
  EXPECT_EQ(at(error.notes.at(0).range.begin), "2:9");
}

TEST(SyntaxErrors, ClassAnnotationMustComeLast) {
  expectErrors("model M \"doc\"\n  annotation(Icon());\n  Real x;\n  Real y;\nend M;",
               {{"3:3", "unexpected 'Real' after the class annotation; 'annotation(...);' must be "
                        "the last item of class 'M' (MLS A.2.2)"}});
}

TEST(SyntaxErrors, EquationsInTheDeclarationSection) {
  expectErrors("model M\n  Real x;\n  x = 1;\nend M;",
               {{"3:5", "expected '[' or identifier but found '=' (a declaration is 'Type name'; "
                        "equations and function calls belong in an 'equation' or 'algorithm' "
                        "section)"}});
}

TEST(SyntaxErrors, MissingQuoteIsNotACascade) {
  auto parsed = parseText("model M\nequation\n"
                          "  assert(x > 1, should be positive\");\n"
                          "  assert(x > 2, \"x should be large\");\n"
                          "  assert(x > 3, \"x should be larger\");\n"
                          "  assert(x > 4, \"x should be huge\");\n"
                          "end M;");
  std::vector<std::string> positions;
  for (const Diagnostic& error : parsed->diagnostics.all()) {
    positions.push_back(at(error.range.begin));
  }
  EXPECT_EQ(positions, (std::vector<std::string>{"3:24", "6:34"})) << parsed->rendered();
}

TEST(SyntaxErrors, StopsAfterTwentyErrors) {
  std::string text = "model M\n";
  for (int i = 0; i < 30; ++i)
    text += "  Real x" + std::to_string(i) + " = ;\n";
  text += "end M;\n";
  auto parsed = parseText(text);
  const auto& all = parsed->diagnostics.all();
  ASSERT_EQ(all.size(), 20u);
  EXPECT_EQ(at(all.back().range.begin), "21:14");
  ASSERT_EQ(all.back().notes.size(), 1u);
  EXPECT_EQ(all.back().notes[0].message, "stopping after 20 syntax errors in this file");
}

TEST(SyntaxErrors, StatementErrors) {
  expectErrors("function f\nalgorithm\n  x = 1;\nend f;",
               {{"3:5", "expected '(' or ':=' but found '='; assignments in algorithm sections "
                        "use ':='"}});
}

TEST(SyntaxErrors, ExpressionParserReportsErrors) {
  Diagnostics diagnostics;
  EXPECT_EQ(parseExpr("1 +", &diagnostics), nullptr);
  ASSERT_EQ(diagnostics.all().size(), 1u);
  EXPECT_EQ(diagnostics.all()[0].message, "expected an expression but found end of file");
  EXPECT_EQ(at(diagnostics.all()[0].range.begin), "1:4");
}

TEST(SyntaxStatistics, FullLLOnlyAfterAnError) {
  auto valid = parseText("model M Real x; equation x = 1; end M;");
  EXPECT_FALSE(valid->statistics.neededFullLL);
  EXPECT_EQ(valid->statistics.tokens, 13u);
  auto invalid = parseText("model M Real x equation x = 1; end M;");
  EXPECT_TRUE(invalid->statistics.neededFullLL);
}

} // namespace
} // namespace mocc::test
