// AST shape of expressions: the precedence and associativity of MLS 3.2 as encoded by the
// grammar of MLS A.2.7, literals, calls, arrays and source ranges.
#include "syntax_test_support.h"

namespace mocc::test {
namespace {

using namespace ast;

const BinaryExpr& binaryOf(const ExprPtr& expr, BinaryOp op) {
  const auto& node = as<BinaryExpr>(*expr);
  EXPECT_EQ(node.op, op) << toModelica(*expr);
  return node;
}

std::string refName(const Expr& expr) { return as<RefExpr>(expr).ref.str(); }

TEST(SyntaxExpressionAst, UnaryMinusBindsWeakerThanPower) {
  ExprPtr expr = parseExpr("-a^b");
  ASSERT_TRUE(expr);
  const auto& minus = as<UnaryExpr>(*expr);
  EXPECT_EQ(minus.op, UnaryOp::Minus);
  const auto& power = binaryOf(minus.operand, BinaryOp::Pow);
  EXPECT_EQ(refName(*power.lhs), "a");
  EXPECT_EQ(refName(*power.rhs), "b");
}

TEST(SyntaxExpressionAst, LeadingSignAppliesToTheFirstTerm) {
  // MLS A.2.7: arithmetic-expression : [ add-operator ] term { add-operator term }
  ExprPtr product = parseExpr("-a*b");
  ASSERT_TRUE(product);
  binaryOf(as<UnaryExpr>(*product).operand, BinaryOp::Mul);

  ExprPtr sum = parseExpr("-a + b");
  ASSERT_TRUE(sum);
  const auto& add = binaryOf(sum, BinaryOp::Add);
  EXPECT_EQ(as<UnaryExpr>(*add.lhs).op, UnaryOp::Minus);
  EXPECT_EQ(refName(*add.rhs), "b");
}

TEST(SyntaxExpressionAst, SubtractionIsLeftAssociative) {
  ExprPtr expr = parseExpr("a - b - c");
  ASSERT_TRUE(expr);
  const auto& outer = binaryOf(expr, BinaryOp::Sub);
  EXPECT_EQ(refName(*outer.rhs), "c");
  const auto& inner = binaryOf(outer.lhs, BinaryOp::Sub);
  EXPECT_EQ(refName(*inner.lhs), "a");
  EXPECT_EQ(refName(*inner.rhs), "b");
}

TEST(SyntaxExpressionAst, ParenthesesOnlyGroup) {
  ExprPtr expr = parseExpr("a - (b - c)");
  ASSERT_TRUE(expr);
  const auto& outer = binaryOf(expr, BinaryOp::Sub);
  EXPECT_EQ(refName(*outer.lhs), "a");
  binaryOf(outer.rhs, BinaryOp::Sub);
}

TEST(SyntaxExpressionAst, MultiplicationBindsTighterThanAddition) {
  ExprPtr expr = parseExpr("a + b*c / d");
  ASSERT_TRUE(expr);
  const auto& add = binaryOf(expr, BinaryOp::Add);
  const auto& divide = binaryOf(add.rhs, BinaryOp::Div);
  binaryOf(divide.lhs, BinaryOp::Mul);
}

TEST(SyntaxExpressionAst, LogicalOperatorsNestByPrecedence) {
  ExprPtr expr = parseExpr("a or b and not c < d");
  ASSERT_TRUE(expr);
  const auto& orNode = binaryOf(expr, BinaryOp::Or);
  const auto& andNode = binaryOf(orNode.rhs, BinaryOp::And);
  const auto& notNode = as<UnaryExpr>(*andNode.rhs);
  EXPECT_EQ(notNode.op, UnaryOp::Not);
  binaryOf(notNode.operand, BinaryOp::Lt);
}

TEST(SyntaxExpressionAst, RelationsAndPowerDoNotChain) {
  EXPECT_EQ(parseExpr("a < b < c"), nullptr);
  EXPECT_EQ(parseExpr("a == b <> c"), nullptr);
  EXPECT_EQ(parseExpr("a^b^c"), nullptr);
  EXPECT_NE(parseExpr("(a < b) == c"), nullptr);
  EXPECT_NE(parseExpr("a^(b^c)"), nullptr);
}

TEST(SyntaxExpressionAst, SignsCannotFollowAnOperator) {
  EXPECT_EQ(parseExpr("2*-3"), nullptr);
  EXPECT_EQ(parseExpr("a + -b"), nullptr);
  EXPECT_EQ(parseExpr("a^-b"), nullptr);
  EXPECT_EQ(parseExpr("not not a"), nullptr);
  EXPECT_NE(parseExpr("2*(-3)"), nullptr);
  EXPECT_NE(parseExpr("a < -b"), nullptr); // a relation operand starts a new arithmetic expression
}

TEST(SyntaxExpressionAst, ElementwiseOperators) {
  ExprPtr expr = parseExpr(".-a .* b .^ 2 ./ c .+ d");
  ASSERT_TRUE(expr);
  const auto& add = binaryOf(expr, BinaryOp::ElemAdd);
  const auto& sign = as<UnaryExpr>(*add.lhs);
  EXPECT_EQ(sign.op, UnaryOp::ElemMinus) << "the sign applies to the whole first term";
  const auto& divide = binaryOf(sign.operand, BinaryOp::ElemDiv);
  const auto& product = binaryOf(divide.lhs, BinaryOp::ElemMul);
  binaryOf(product.rhs, BinaryOp::ElemPow);
}

TEST(SyntaxExpressionAst, NumberBeforeDotOperatorLexesAsReal) {
  // MLS 2.4.1 and the longest-match rule: `12.^a` is `12.` `^` `a`.
  ExprPtr expr = parseExpr("12.^a");
  ASSERT_TRUE(expr);
  const auto& power = binaryOf(expr, BinaryOp::Pow);
  EXPECT_EQ(as<NumberLiteral>(*power.lhs).text, "12.");
  EXPECT_FALSE(as<NumberLiteral>(*power.lhs).isInteger);
}

TEST(SyntaxExpressionAst, Ranges) {
  ExprPtr withStep = parseExpr("1:2:n - 1");
  ASSERT_TRUE(withStep);
  const auto& range = as<RangeExpr>(*withStep);
  ASSERT_TRUE(range.step);
  EXPECT_EQ(as<NumberLiteral>(*range.step).text, "2");
  binaryOf(range.stop, BinaryOp::Sub);

  ExprPtr simple = parseExpr("a:b");
  ASSERT_TRUE(simple);
  EXPECT_FALSE(as<RangeExpr>(*simple).step);
  EXPECT_EQ(parseExpr("1:2:3:4"), nullptr);
}

TEST(SyntaxExpressionAst, IfExpressionWithElseif) {
  ExprPtr expr = parseExpr("if a then 1 elseif b then 2 else if c then 3 else 4");
  ASSERT_TRUE(expr);
  const auto& ifExpr = as<IfExpr>(*expr);
  ASSERT_EQ(ifExpr.branches.size(), 2u);
  EXPECT_EQ(refName(*ifExpr.branches[1].condition), "b");
  EXPECT_EQ(as<IfExpr>(*ifExpr.elseValue).branches.size(), 1u) << "else if nests";
  EXPECT_EQ(parseExpr("if a then 1"), nullptr) << "the else part is required";
  EXPECT_EQ(parseExpr("1 + if a then 1 else 2"), nullptr) << "needs parentheses";
}

TEST(SyntaxExpressionAst, Literals) {
  auto number = [](const std::string& text) { return as<NumberLiteral>(*parseExpr(text)); };
  EXPECT_TRUE(number("42").isInteger);
  EXPECT_EQ(number("42").value, 42.0);
  for (const char* real : {"13.", "13E0", "1.3e1", "0.13E2", ".13E2", "130e-1"}) {
    EXPECT_FALSE(number(real).isInteger) << real;
    EXPECT_DOUBLE_EQ(number(real).value, 13.0) << real;
  }
  EXPECT_EQ(number("9223372036854775807").text, "9223372036854775807");
  EXPECT_EQ(as<StringLiteral>(*parseExpr(R"("a\tb\"c\\d\n\'\?")")).value, "a\tb\"c\\d\n'?");
  EXPECT_EQ(as<StringLiteral>(*parseExpr("\"two\nlines\"")).value, "two\nlines");
  EXPECT_TRUE(as<BooleanLiteral>(*parseExpr("true")).value);
  EXPECT_FALSE(as<BooleanLiteral>(*parseExpr("false")).value);
  binaryOf(parseExpr(R"("a" + "b")"), BinaryOp::Add);
}

TEST(SyntaxExpressionAst, ComponentReferences) {
  ExprPtr expr = parseExpr(".a.b[1, :].'c d'[end - 1]");
  ASSERT_TRUE(expr);
  const ComponentRef& ref = as<RefExpr>(*expr).ref;
  EXPECT_TRUE(ref.global);
  ASSERT_EQ(ref.parts.size(), 3u);
  EXPECT_EQ(ref.parts[1].ident, "b");
  ASSERT_EQ(ref.parts[1].subscripts.size(), 2u);
  EXPECT_FALSE(ref.parts[1].subscripts[1].value) << "':' has no expression";
  EXPECT_EQ(ref.parts[2].ident, "'c d'");
  const auto& last = binaryOf(ref.parts[2].subscripts[0].value, BinaryOp::Sub);
  EXPECT_TRUE(std::holds_alternative<EndExpr>(last.lhs->node));
  EXPECT_EQ(ref.str(), ".a.b[...].'c d'[...]");
}

TEST(SyntaxExpressionAst, QuotedIdentifiersDropRedundantEscapes) {
  // MLS 2.3.1: '\?' and '\"' are the same as '?' and '"'.
  EXPECT_EQ(refName(*parseExpr(R"('a\?b\"')")), R"('a?b"')");
  EXPECT_EQ(refName(*parseExpr(R"('it\'s')")), R"('it\'s')");
}

TEST(SyntaxExpressionAst, CallsWithPositionalAndNamedArguments) {
  ExprPtr expr = parseExpr("f.g(1, x, a = 2, b = function h(k = 3))");
  ASSERT_TRUE(expr);
  const auto& call = as<CallExpr>(*expr);
  EXPECT_EQ(call.function.str(), "f.g");
  ASSERT_EQ(call.args.positional.size(), 2u);
  ASSERT_EQ(call.args.named.size(), 2u);
  EXPECT_EQ(call.args.named[0].name, "a");
  const auto& partial = as<PartialFunctionExpr>(*call.args.named[1].value);
  EXPECT_EQ(partial.function.str(), "h");
  EXPECT_EQ(partial.args.at(0).name, "k");
  EXPECT_EQ(parseExpr("f(a = 1, 2)"), nullptr) << "positional after named";
}

TEST(SyntaxExpressionAst, FunctionPartialApplicationAsPositionalArgument) {
  ExprPtr expr = parseExpr("integrate(function sin(), 0, 1)");
  ASSERT_TRUE(expr);
  const auto& call = as<CallExpr>(*expr);
  ASSERT_EQ(call.args.positional.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<PartialFunctionExpr>(call.args.positional[0]->node));
}

TEST(SyntaxExpressionAst, DerInitialAndPureAreCalls) {
  for (const char* name : {"der", "initial", "pure"}) {
    ExprPtr expr = parseExpr(std::string(name) + "(x)");
    ASSERT_TRUE(expr) << name;
    EXPECT_EQ(as<CallExpr>(*expr).function.str(), name);
  }
  EXPECT_EQ(parseExpr("der"), nullptr) << "a keyword is not a reference";
}

TEST(SyntaxExpressionAst, ReductionsAndComprehensions) {
  ExprPtr reduction = parseExpr("sum(a[i]*b[j] for i in 1:n, j)");
  ASSERT_TRUE(reduction);
  const auto& args = as<CallExpr>(*reduction).args;
  ASSERT_EQ(args.positional.size(), 1u);
  ASSERT_EQ(args.iterators.size(), 2u);
  EXPECT_EQ(args.iterators[0].name, "i");
  EXPECT_TRUE(args.iterators[0].range);
  EXPECT_FALSE(args.iterators[1].range) << "a range deduced from use";

  ExprPtr comprehension = parseExpr("{i^2 for i in 1:3}");
  ASSERT_TRUE(comprehension);
  EXPECT_EQ(as<ArrayExpr>(*comprehension).args.iterators.size(), 1u);
  EXPECT_EQ(parseExpr("f(a, b for i in 1:3)"), nullptr) << "only one expression before for";
}

TEST(SyntaxExpressionAst, ArraysAndMatrices) {
  ExprPtr array = parseExpr("{1, {2, 3}}");
  ASSERT_TRUE(array);
  EXPECT_EQ(as<ArrayExpr>(*array).args.positional.size(), 2u);
  EXPECT_EQ(parseExpr("{}"), nullptr) << "array-arguments needs an expression (MLS A.2.7)";

  ExprPtr matrix = parseExpr("[1, 2; 3, 4; 5, 6]");
  ASSERT_TRUE(matrix);
  const auto& rows = as<MatrixExpr>(*matrix).rows;
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].size(), 2u);
  EXPECT_EQ(as<NumberLiteral>(*rows[1][0]).text, "3");
}

TEST(SyntaxExpressionAst, OutputExpressionLists) {
  ExprPtr tuple = parseExpr("(a, , b)");
  ASSERT_TRUE(tuple);
  const auto& elements = as<TupleExpr>(*tuple).elements;
  ASSERT_EQ(elements.size(), 3u);
  EXPECT_FALSE(elements[1]);
  EXPECT_EQ(as<TupleExpr>(*parseExpr("()")).elements.size(), 0u);
  EXPECT_EQ(as<TupleExpr>(*parseExpr("(a,)")).elements.size(), 2u);
  EXPECT_TRUE(std::holds_alternative<RefExpr>(parseExpr("(a)")->node)) << "one element is a group";
}

TEST(SyntaxExpressionAst, RangesCoverTheTextOfEachNode) {
  ExprPtr expr = parseExpr("x + f(y, 2)*z");
  ASSERT_TRUE(expr);
  EXPECT_EQ(at(expr->range.begin), "1:1");
  EXPECT_EQ(at(expr->range.end), "1:14");
  const auto& add = as<BinaryExpr>(*expr);
  EXPECT_EQ(at(add.rhs->range.begin), "1:5");
  const auto& product = as<BinaryExpr>(*add.rhs);
  EXPECT_EQ(at(product.lhs->range.end), "1:12");
  const auto& call = as<CallExpr>(*product.lhs);
  EXPECT_EQ(at(call.args.positional[1]->range.begin), "1:10");
  EXPECT_EQ(at(call.function.parts[0].range.begin), "1:5");
}

} // namespace
} // namespace mocc::test
