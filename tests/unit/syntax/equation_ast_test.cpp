// AST shape of equations and statements (MLS A.2.6): simple, if, for, connect, when and call
// equations; assignments, calls, tuple assignments and the control statements.
#include "syntax_test_support.h"

namespace mocc::test {
namespace {

using namespace ast;

const std::vector<Equation>& equationsOf(const std::string& body,
                                         std::unique_ptr<ParsedText>& parsed) {
  parsed = parseText("model M\nequation\n" + body + "\nend M;");
  return longClass(parseValid(parsed)).composition.equationSections.at(0).equations;
}

const std::vector<Statement>& statementsOf(const std::string& body,
                                           std::unique_ptr<ParsedText>& parsed) {
  parsed = parseText("function f\nalgorithm\n" + body + "\nend f;");
  return longClass(parseValid(parsed)).composition.algorithmSections.at(0).statements;
}

TEST(SyntaxEquationAst, SimpleEquationWithComment) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations = equationsOf("  der(x) = -k*x \"decay\" annotation(a = 1);", parsed);
  ASSERT_EQ(equations.size(), 1u);
  const auto& simple = std::get<SimpleEquation>(equations[0].node);
  EXPECT_EQ(as<CallExpr>(*simple.lhs).function.str(), "der");
  EXPECT_EQ(toModelica(*simple.rhs), "-k*x");
  EXPECT_EQ(equations[0].comment.description, "decay");
  EXPECT_TRUE(equations[0].comment.annotation);
  EXPECT_EQ(at(equations[0].range.begin), "3:3");
  EXPECT_EQ(at(equations[0].range.end), "3:42");
}

TEST(SyntaxEquationAst, LeftSideIsASimpleExpression) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations = equationsOf("  1:3 = x;\n  (a, b) = f(x);", parsed);
  EXPECT_TRUE(
      std::holds_alternative<RangeExpr>(std::get<SimpleEquation>(equations[0].node).lhs->node));
  EXPECT_TRUE(
      std::holds_alternative<TupleExpr>(std::get<SimpleEquation>(equations[1].node).lhs->node));
  EXPECT_FALSE(parseText("model M equation if a then b else c = d; end M;")->definition);
}

TEST(SyntaxEquationAst, CallEquations) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations = equationsOf("  assert(x > 0, \"positive\");\n  Lib.f(x, n = 2);", parsed);
  const auto& assertion = std::get<CallEquation>(equations[0].node);
  EXPECT_EQ(assertion.function.str(), "assert");
  EXPECT_EQ(assertion.args.positional.size(), 2u);
  const auto& call = std::get<CallEquation>(equations[1].node);
  EXPECT_EQ(call.function.str(), "Lib.f");
  EXPECT_EQ(call.args.named.size(), 1u);
}

TEST(SyntaxEquationAst, IfEquationBranches) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations =
      equationsOf("  if a then\n    x = 1;\n  elseif b then\n    x = 2;\n    y = 3;\n"
                  "  else\n    x = 3;\n  end if;",
                  parsed);
  const auto& ifEquation = std::get<IfEquation>(equations[0].node);
  ASSERT_EQ(ifEquation.branches.size(), 2u);
  EXPECT_EQ(ifEquation.branches[1].body.size(), 2u);
  EXPECT_EQ(ifEquation.elseBody.size(), 1u);
  EXPECT_EQ(at(ifEquation.branches[1].range.begin), "5:3");
  EXPECT_EQ(at(ifEquation.branches[1].range.end), "7:11");
}

TEST(SyntaxEquationAst, ForEquationWithSeveralIterators) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations =
      equationsOf("  for i in 1:n, j loop\n    x[i, j] = i*j;\n  end for;", parsed);
  const auto& forEquation = std::get<ForEquation>(equations[0].node);
  ASSERT_EQ(forEquation.iterators.size(), 2u);
  EXPECT_TRUE(forEquation.iterators[0].range);
  EXPECT_FALSE(forEquation.iterators[1].range);
  EXPECT_EQ(at(forEquation.iterators[1].location.begin), "3:17");
  EXPECT_EQ(forEquation.body.size(), 1u);
}

TEST(SyntaxEquationAst, ConnectAndWhenEquations) {
  std::unique_ptr<ParsedText> parsed;
  const auto& equations = equationsOf("  connect(a.p, b[2].n);\n"
                                      "  when sample(0, 1) then\n    y = pre(y) + 1;\n"
                                      "  elsewhen initial() then\n    reinit(x, 0);\n  end when;",
                                      parsed);
  const auto& connect = std::get<ConnectEquation>(equations[0].node);
  EXPECT_EQ(connect.a.str(), "a.p");
  EXPECT_EQ(connect.b.str(), "b[...].n");
  const auto& when = std::get<WhenEquation>(equations[1].node);
  ASSERT_EQ(when.branches.size(), 2u);
  EXPECT_EQ(as<CallExpr>(*when.branches[1].condition).function.str(), "initial");
  EXPECT_TRUE(std::holds_alternative<CallEquation>(when.branches[1].body.at(0).node));
  EXPECT_FALSE(
      parseText("model M equation when a then x = 1; else x = 2; end when; end M;")->definition);
}

TEST(SyntaxStatementAst, AssignmentsAndCalls) {
  std::unique_ptr<ParsedText> parsed;
  const auto& statements =
      statementsOf("  y[1] := 2 \"doc\";\n  (a, , b) := g(x);\n  (c) := g(x);\n"
                   "  print(\"x\");",
                   parsed);
  ASSERT_EQ(statements.size(), 4u);
  const auto& assign = std::get<AssignStatement>(statements[0].node);
  EXPECT_EQ(assign.target.str(), "y[...]");
  EXPECT_EQ(statements[0].comment.description, "doc");
  const auto& tuple = std::get<TupleAssignStatement>(statements[1].node);
  ASSERT_EQ(tuple.targets.size(), 3u);
  EXPECT_FALSE(tuple.targets[1]);
  EXPECT_EQ(tuple.function.str(), "g");
  EXPECT_EQ(std::get<TupleAssignStatement>(statements[2].node).targets.size(), 1u);
  EXPECT_EQ(std::get<CallStatement>(statements[3].node).function.str(), "print");
  EXPECT_FALSE(parseText("function f algorithm x = 1; end f;")->definition);
  EXPECT_FALSE(parseText("function f algorithm (a, b) := 1; end f;")->definition);
}

TEST(SyntaxStatementAst, ControlStatements) {
  std::unique_ptr<ParsedText> parsed;
  const auto& statements = statementsOf("  for i in 1:3 loop\n    if i > 2 then\n      break;\n"
                                        "    elseif i < 0 then\n      return;\n    else\n"
                                        "      x := x + i;\n    end if;\n  end for;\n"
                                        "  while x > 0 loop\n    x := x - 1;\n  end while;\n"
                                        "  when x > 1 then\n    y := 1;\n  elsewhen x < 0 then\n"
                                        "    y := 2;\n  end when;",
                                        parsed);
  ASSERT_EQ(statements.size(), 3u);
  const auto& loop = std::get<ForStatement>(statements[0].node);
  const auto& branch = std::get<IfStatement>(loop.body.at(0).node);
  EXPECT_TRUE(std::holds_alternative<BreakStatement>(branch.branches[0].body.at(0).node));
  EXPECT_TRUE(std::holds_alternative<ReturnStatement>(branch.branches[1].body.at(0).node));
  EXPECT_EQ(branch.elseBody.size(), 1u);
  const auto& whileLoop = std::get<WhileStatement>(statements[1].node);
  EXPECT_EQ(toModelica(*whileLoop.condition), "x > 0");
  EXPECT_EQ(std::get<WhenStatement>(statements[2].node).branches.size(), 2u);
}

} // namespace
} // namespace mocc::test
