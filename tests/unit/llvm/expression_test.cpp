// JIT-compiled expressions against the C++ formulas: arithmetic without FMA contraction, every
// built-in bit for bit against evaluateBuiltin (the same formulas the constant folder uses),
// if-expressions as real branches, logic, and values recomputed after an assignment.
#include "test_model.h"

#include "mocc/expr/builtins.h"

#include <cmath>
#include <limits>

namespace mocc::backend::jit::test {
namespace {

using expr::Builtin;
using expr::Id;
using expr::Op;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const std::vector<double>& sampleInputs() {
  static const std::vector<double> inputs = {0.0,  -0.0,  0.5,  -0.5, 1.0,    -1.0,  2.5,
                                             -2.5, 3.0,   -7.0, 7.0,  1e-300, 1e300, 0.1,
                                             M_PI, -4.25, 2.0,  1e10, kInf,   -kInf, kNaN};
  return inputs;
}

constexpr Builtin kAllBuiltins[] = {
    Builtin::Sin,   Builtin::Cos,  Builtin::Tan,  Builtin::Asin, Builtin::Acos, Builtin::Atan,
    Builtin::Atan2, Builtin::Sinh, Builtin::Cosh, Builtin::Tanh, Builtin::Exp,  Builtin::Log,
    Builtin::Log10, Builtin::Sqrt, Builtin::Abs,  Builtin::Sign, Builtin::Min,  Builtin::Max,
    Builtin::Floor, Builtin::Ceil, Builtin::Div,  Builtin::Mod,  Builtin::Rem,  Builtin::Integer,
};

class JitBuiltinTest : public ::testing::TestWithParam<int> {};

TEST_P(JitBuiltinTest, EveryBuiltinMatchesEvaluateBuiltinBitForBit) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), b = m.addValue("b");
  std::vector<std::uint32_t> results;
  for (Builtin fn : kAllBuiltins) {
    std::vector<Id> args{m.read(a)};
    if (expr::builtinArity(fn) == 2) args.push_back(m.read(b));
    results.push_back(m.addValue(std::string("r_") + expr::builtinName(fn)));
    m.program.outputs.push_back(assign(results.back(), m.pool().call(fn, args)));
  }
  auto compiled = compileOrFail(m.program, GetParam());
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  for (double x : sampleInputs()) {
    for (double y : sampleInputs()) {
      instance.v[a] = x;
      instance.v[b] = y;
      compiled->model().outputs(instance.get());
      for (std::size_t i = 0; i < std::size(kAllBuiltins); ++i) {
        const double args[] = {x, y};
        double expected = expr::evaluateBuiltin(kAllBuiltins[i], args);
        double actual = instance.v[slot(m.program, results[i])];
        EXPECT_TRUE(sameBits(actual, expected))
            << expr::builtinName(kAllBuiltins[i]) << "(" << x << ", " << y << ") = " << actual
            << ", expected " << expected;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(JitOptLevels, JitBuiltinTest, ::testing::Values(0, 2, 3));

TEST(JitExpression, IntegerBuiltinsFollowMls) {
  TestModel m;
  std::uint32_t a = m.addValue("a", expr::Type::Integer), b = m.addValue("b", expr::Type::Integer);
  Id args[] = {m.read(a), m.read(b)};
  std::uint32_t div = m.addValue("div"), mod = m.addValue("mod"), rem = m.addValue("rem");
  std::uint32_t integer = m.addValue("integer"), sign = m.addValue("sign");
  m.program.outputs = {
      assign(div, m.pool().call(Builtin::Div, args)),
      assign(mod, m.pool().call(Builtin::Mod, args)),
      assign(rem, m.pool().call(Builtin::Rem, args)),
      assign(integer, m.pool().call(Builtin::Integer, std::span(args, 1))),
      assign(sign, m.pool().call(Builtin::Sign, std::span(args, 1))),
  };
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance.v[a] = -7;
  instance.v[b] = 2;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[div], -3);
  EXPECT_EQ(instance.v[mod], 1);
  EXPECT_EQ(instance.v[rem], -1);
  EXPECT_EQ(instance.v[integer], -7);
  EXPECT_EQ(instance.v[sign], -1);
  instance.v[a] = 7;
  instance.v[b] = -2;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[div], -3);
  EXPECT_EQ(instance.v[mod], -1);
  EXPECT_EQ(instance.v[rem], 1);
  EXPECT_EQ(instance.v[sign], 1);
}

TEST(JitExpression, ArithmeticMatchesCpp) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), b = m.addValue("b"), r = m.addValue("r");
  Id x = m.read(a), y = m.read(b);
  auto& p = m.pool();
  // ((a + b) * (a - b)) / a ^ b - (-a)
  Id value = p.sub(p.div(p.mul(p.add(x, y), p.sub(x, y)), p.pow(x, y)), p.neg(x));
  m.program.outputs = {assign(r, value)};
  auto compiled = compileOrFail(m.program, 3);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  for (double u : sampleInputs()) {
    for (double w : sampleInputs()) {
      instance.v[a] = u;
      instance.v[b] = w;
      compiled->model().outputs(instance.get());
      double expected = ((u + w) * (u - w)) / std::pow(u, w) - (-u);
      EXPECT_TRUE(sameBits(instance.v[r], expected)) << u << ", " << w;
    }
  }
}

TEST(JitExpression, MultiplyAddIsNotContracted) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), b = m.addValue("b"), c = m.addValue("c");
  std::uint32_t r = m.addValue("r");
  m.program.derivatives = {assign(r, m.pool().add(m.pool().mul(m.read(a), m.read(b)), m.read(c)))};
  for (int level : {0, 3}) {
    auto compiled = compileOrFail(m.program, level);
    ASSERT_TRUE(compiled);
    Instance instance(compiled->model());
    // a*b = 1 - 2^-60 rounds to 1, so a*b + c is 0; a fused multiply-add would give -2^-60.
    instance.v[a] = 1 + std::ldexp(1.0, -30);
    instance.v[b] = 1 - std::ldexp(1.0, -30);
    instance.v[c] = -1;
    compiled->model().derivatives(instance.get());
    EXPECT_TRUE(sameBits(instance.v[r], 0.0)) << "O" << level << ": " << instance.v[r];
  }
}

TEST(JitExpression, IfSelectsItsBranch) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), r = m.addValue("r");
  auto& p = m.pool();
  Id x = m.read(a);
  Id root = p.call(Builtin::Sqrt, std::span<const Id>(&x, 1));
  // (if a > 0 then sqrt(a) else -a) + sqrt(a): the sqrt made in the then-branch must not be
  // reused after the merge, where the else-path never computed it.
  Id value = p.add(p.ifThenElse(p.compare(Op::Gt, x, m.real(0)), root, p.neg(x)), root);
  m.program.outputs = {assign(r, value)};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance.v[a] = 4;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[r], 4);
  instance.v[a] = -4;
  compiled->model().outputs(instance.get());
  EXPECT_TRUE(std::isnan(instance.v[r]));
  instance.v[a] = 0;
  compiled->model().outputs(instance.get());
  EXPECT_TRUE(sameBits(instance.v[r], 0.0)); // -0 + +0
}

TEST(JitExpression, UntakenBranchIsNotEvaluated) {
  // In event mode a relation stores its value: only the taken branch may do so.
  TestModel m;
  std::uint32_t c = m.addValue("c", expr::Type::Boolean), a = m.addValue("a");
  std::uint32_t r = m.addValue("r");
  Id relation = m.addRelation(Op::Gt, m.read(a), m.real(0), false);
  std::uint32_t storage = m.storageOf(relation);
  m.program.event = {assign(r, m.pool().ifThenElse(m.read(c), m.real(5), relation))};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.v[a] = 1;
  instance.v[storage] = 7;
  instance.v[c] = 1;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r], 5);
  EXPECT_EQ(instance.v[storage], 7);
  instance.v[c] = 0;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r], 1);
  EXPECT_EQ(instance.v[storage], 1);
}

TEST(JitExpression, LogicAndComparisonsGiveZeroOrOne) {
  TestModel m;
  std::uint32_t p = m.addValue("p", expr::Type::Boolean), q = m.addValue("q", expr::Type::Boolean);
  std::uint32_t a = m.addValue("a"), b = m.addValue("b");
  auto& pool = m.pool();
  std::uint32_t andR = m.addValue("and"), orR = m.addValue("or"), notR = m.addValue("not");
  std::vector<std::uint32_t> cmp;
  for (Op op : {Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne}) {
    cmp.push_back(m.addValue(expr::opSpelling(op)));
    m.program.outputs.push_back(assign(cmp.back(), pool.compare(op, m.read(a), m.read(b))));
  }
  m.program.outputs.push_back(assign(andR, pool.logicalAnd(m.read(p), m.read(q))));
  m.program.outputs.push_back(assign(orR, pool.logicalOr(m.read(p), m.read(q))));
  m.program.outputs.push_back(assign(notR, pool.logicalNot(m.read(p))));
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  for (double u : {0.0, 1.0}) {
    for (double w : {0.0, 1.0}) {
      instance.v[p] = u;
      instance.v[q] = w;
      compiled->model().outputs(instance.get());
      EXPECT_EQ(instance.v[andR], u != 0 && w != 0 ? 1.0 : 0.0);
      EXPECT_EQ(instance.v[orR], u != 0 || w != 0 ? 1.0 : 0.0);
      EXPECT_EQ(instance.v[notR], u == 0 ? 1.0 : 0.0);
    }
  }
  for (double u : {-1.0, 0.0, 2.0, kNaN}) {
    for (double w : {-1.0, 0.0, 2.0, kNaN}) {
      instance.v[a] = u;
      instance.v[b] = w;
      compiled->model().outputs(instance.get());
      const bool expected[] = {u<w, u <= w, u> w, u >= w, u == w, u != w};
      for (std::size_t i = 0; i < cmp.size(); ++i) {
        EXPECT_EQ(instance.v[cmp[i]], expected[i] ? 1.0 : 0.0) << i << ": " << u << ", " << w;
      }
    }
  }
}

TEST(JitExpression, ValueIsRecomputedAfterAssignment) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), y = m.addValue("y"), z = m.addValue("z");
  Id aPlusOne = m.pool().add(m.read(a), m.real(1));
  m.program.outputs = {assign(y, aPlusOne), assign(a, m.real(10)), assign(z, aPlusOne)};
  for (int level : {0, 2}) {
    auto compiled = compileOrFail(m.program, level);
    ASSERT_TRUE(compiled);
    Instance instance(compiled->model());
    instance.v[a] = 1;
    compiled->model().outputs(instance.get());
    EXPECT_EQ(instance.v[y], 2);
    EXPECT_EQ(instance.v[z], 11);
  }
}

TEST(JitExpression, TimeInitialTerminalAndPre) {
  TestModel m;
  std::uint32_t x = m.addState("x"), d = m.addValue("d");
  std::uint32_t t = m.addValue("t"), i = m.addValue("i"), e = m.addValue("e"),
                px = m.addValue("px");
  auto& p = m.pool();
  m.program.outputs = {assign(t, p.time()), assign(i, p.initial()), assign(e, p.terminal()),
                       assign(px, p.sub(m.pre(x), m.pre(d)))};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->time = 2.5;
  instance.preX[0] = 7;
  instance.preV[slot(m.program, d)] = 3;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[slot(m.program, t)], 2.5);
  EXPECT_EQ(instance.v[slot(m.program, i)], 0);
  EXPECT_EQ(instance.v[slot(m.program, e)], 0);
  EXPECT_EQ(instance.v[slot(m.program, px)], 4);
  instance->mode = MOCC_MODE_INITIAL;
  instance->terminal = 1;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[slot(m.program, i)], 1);
  EXPECT_EQ(instance.v[slot(m.program, e)], 1);
}

} // namespace
} // namespace mocc::backend::jit::test
