// Expressions in generated C++ against the JIT, bit for bit: arithmetic, every built-in
// function on ordinary and special values (NaN, infinities, signed zeros), comparisons and
// logic, if-expressions, and literals whose bits matter (-0, NaN payloads, infinities).
#include "cpp_test_support.h"

#include "mocc/expr/builtins.h"

#include <cmath>
#include <limits>

namespace mocc::backend::cpp::test {
namespace {

using expr::Builtin;
using expr::Id;
using expr::Op;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Inputs a and b, and one output per expression, all assigned in outputs().
struct ExpressionModel {
  TestModel m;
  std::uint32_t a, b;
  std::vector<std::uint32_t> results;
  std::vector<std::string> names;

  ExpressionModel() {
    a = m.addValue("a");
    b = m.addValue("b");
  }
  void add(const std::string& name, Id value) {
    results.push_back(m.addValue(name));
    names.push_back(name);
    m.program.outputs.push_back(jit::test::assign(results.back(), value));
  }
};

/// Every expression form over a and b.
ExpressionModel everyExpression() {
  ExpressionModel e;
  expr::Pool& p = e.m.pool();
  Id a = e.m.read(e.a), b = e.m.read(e.b);
  e.add("a+b", p.add(a, b));
  e.add("a-b", p.sub(a, b));
  e.add("a*b", p.mul(a, b));
  e.add("a/b", p.div(a, b));
  e.add("-a", p.neg(a));
  e.add("negneg", p.neg(p.sub(p.neg(a), b)));
  e.add("a^b", p.pow(a, b));
  e.add("assoc", p.sub(a, p.sub(b, p.mul(a, p.div(b, a)))));
  for (int fn = 0; fn <= static_cast<int>(Builtin::Integer); ++fn) {
    auto builtin = static_cast<Builtin>(fn);
    std::vector<Id> args{a};
    if (expr::builtinArity(builtin) == 2) args.push_back(b);
    e.add(expr::builtinName(builtin), p.call(builtin, args));
  }
  for (Op op : {Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne})
    e.add(std::string("cmp") + expr::opSpelling(op), p.compare(op, a, b));
  e.add("not", p.logicalNot(a));
  e.add("and", p.logicalAnd(a, p.compare(Op::Lt, b, a)));
  e.add("or", p.logicalOr(p.compare(Op::Gt, a, b), b));
  e.add("if", p.ifThenElse(p.compare(Op::Gt, a, b), p.mul(a, a), p.ifThenElse(b, p.neg(b), a)));
  e.add("ifShared", p.add(p.ifThenElse(a, p.call(Builtin::Sqrt, std::vector<Id>{b}), a),
                          p.call(Builtin::Sqrt, std::vector<Id>{b})));
  e.add("mixed", p.mul(p.compare(Op::Lt, a, b), p.add(a, p.logicalNot(b))));
  return e;
}

const std::vector<double> kSpecial = {0.0, -0.0,  1.0,     -1.0, 2.5,   -2.5, 3.0,   -7.0,
                                      0.1, 1e308, -1e-310, kInf, -kInf, kNaN, -kNaN, 5e-324};

TEST(CppExpressions, EveryFormGivesTheJitsBitsOnSpecialValues) {
  ExpressionModel e = everyExpression();
  BothWays both = compileBothWays(e.m.program, testName());
  ASSERT_TRUE(both.ok());
  Instance jit(both.jit->model()), cpp(both.cpp->model());
  for (double x : kSpecial) {
    for (double y : kSpecial) {
      jit.v[0] = cpp.v[0] = x;
      jit.v[1] = cpp.v[1] = y;
      both.jit->model().outputs(jit.get());
      both.cpp->model().outputs(cpp.get());
      expectSameState(jit, cpp, "a = " + std::to_string(x) + ", b = " + std::to_string(y));
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// An independent check of a few results: the built-ins are exactly builtins.cpp's formulas.
TEST(CppExpressions, BuiltinsComputeTheConstantFoldersFormulas) {
  ExpressionModel e = everyExpression();
  auto cpp = CppModel::build(e.m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  for (double x : {-7.5, -2.0, 0.3, 7.0, kNaN}) {
    for (double y : {-2.0, 0.7, 3.0, kNaN}) {
      instance.v[0] = x;
      instance.v[1] = y;
      cpp->model().outputs(instance.get());
      for (int fn = 0; fn <= static_cast<int>(Builtin::Integer); ++fn) {
        auto builtin = static_cast<Builtin>(fn);
        double args[] = {x, y};
        double expected = expr::evaluateBuiltin(builtin, args);
        std::size_t slot = instance.v.size() - e.results.size() +
                           (std::find(e.names.begin(), e.names.end(), expr::builtinName(builtin)) -
                            e.names.begin());
        EXPECT_TRUE(jit::test::sameBits(instance.v[slot], expected) ||
                    (std::isnan(expected) && std::isnan(instance.v[slot])))
            << expr::builtinName(builtin) << "(" << x << ", " << y << ") = " << instance.v[slot]
            << ", expected " << expected;
      }
    }
  }
}

// min/max/sign are selects on ordered comparisons: a NaN operand picks the second one.
TEST(CppExpressions, MinMaxAndSignFollowOrderedComparisons) {
  ExpressionModel e = everyExpression();
  auto cpp = CppModel::build(e.m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  auto result = [&](const std::string& name) {
    auto at = std::find(e.names.begin(), e.names.end(), name) - e.names.begin();
    EXPECT_LT(at, e.names.size()) << name;
    return instance.v[instance.v.size() - e.results.size() + at];
  };
  instance.v[0] = kNaN;
  instance.v[1] = 1.0;
  cpp->model().outputs(instance.get());
  EXPECT_EQ(result("min"), 1.0);
  EXPECT_EQ(result("max"), 1.0);
  EXPECT_EQ(result("sign"), 0.0);
  EXPECT_EQ(result(std::string("cmp") + expr::opSpelling(Op::Ne)), 1.0); // unordered: not equal
  EXPECT_EQ(result("not"), 0.0);                                         // NaN is true
  instance.v[0] = 1.0;
  instance.v[1] = kNaN;
  cpp->model().outputs(instance.get());
  EXPECT_TRUE(std::isnan(result("min")));
  EXPECT_TRUE(std::isnan(result("max")));
  instance.v[0] = -7.0;
  instance.v[1] = 2.0;
  cpp->model().outputs(instance.get());
  EXPECT_EQ(result("div"), -3.0);
  EXPECT_EQ(result("mod"), 1.0);
  EXPECT_EQ(result("rem"), -1.0);
  EXPECT_EQ(result("integer"), -7.0);
}

TEST(CppExpressions, LiteralsKeepTheirBits) {
  TestModel m;
  // (-0.0 is not here: the pool interns it as 0.0.)
  const double values[] = {
      0.1,   1.0 / 3.0,  1e300, 5e-324, -kInf, kInf, std::bit_cast<double>(0x7ff4000000000123ull),
      -kNaN, 123456789.0};
  for (double value : values)
    m.program.outputs.push_back(jit::test::assign(m.addValue("c"), m.real(value)));
  auto cpp = CppModel::build(m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  cpp->model().outputs(instance.get());
  for (std::size_t i = 0; i < std::size(values); ++i)
    EXPECT_TRUE(jit::test::sameBits(instance.v[i], values[i])) << i << ": " << instance.v[i];
}

} // namespace
} // namespace mocc::backend::cpp::test
