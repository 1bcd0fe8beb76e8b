// Solving equations for an unknown that appears linearly, or linearly in a denominator.
#include "mocc/expr/solve.h"

#include <gtest/gtest.h>

using namespace mocc::expr;

namespace {

std::string show(const Pool& pool, Id id) {
  return print(pool, id,
               [](std::uint32_t i) { return std::string(1, static_cast<char>('a' + i)); });
}

} // namespace

TEST(Solve, ExplicitFormsNeedNoAlgebra) {
  Pool pool;
  Id x = pool.variable(0, Type::Real), y = pool.variable(1, Type::Real);
  auto s = solveFor(pool, x, pool.mul(y, pool.real(2)), x);
  ASSERT_TRUE(s);
  EXPECT_EQ(show(pool, *s), "b*2.0");
}

TEST(Solve, IsolatesALinearUnknown) {
  Pool pool;
  Id x = pool.variable(0, Type::Real), y = pool.variable(1, Type::Real);
  Id k = pool.variable(2, Type::Real);
  // k*x + y = 0  ->  x = -y / k
  auto s = solveFor(pool, pool.add(pool.mul(k, x), y), pool.real(0), x);
  ASSERT_TRUE(s);
  EXPECT_EQ(show(pool, *s), "-b/c");
  // 0 = y - x  ->  x = y
  auto t = solveFor(pool, pool.real(0), pool.sub(y, x), x);
  ASSERT_TRUE(t);
  EXPECT_EQ(*t, y);
}

TEST(Solve, KeepsIfExpressionsWithIndependentConditions) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  Id c = pool.variable(1, Type::Boolean);
  // (if c then 2*x else x) = 4
  Id lhs = pool.ifThenElse(c, pool.mul(pool.real(2), x), x);
  auto s = solveFor(pool, lhs, pool.real(4), x);
  ASSERT_TRUE(s);
  EXPECT_EQ(show(pool, *s), "4.0/(if b then 2.0 else 1.0)");
}

TEST(Solve, RejectsNonlinearOccurrences) {
  Pool pool;
  Id x = pool.variable(0, Type::Real), y = pool.variable(1, Type::Real);
  EXPECT_FALSE(solveFor(pool, pool.mul(x, x), y, x));
  EXPECT_FALSE(solveFor(pool, pool.call(Builtin::Sin, std::vector<Id>{x}), y, x));
  EXPECT_FALSE(solveFor(pool, pool.div(x, pool.add(x, y)), pool.real(1), x));
  EXPECT_FALSE(solveFor(pool, pool.div(y, x), x, x));
  // x - x = y has coefficient 0: no solution for x
  EXPECT_FALSE(solveFor(pool, pool.sub(x, x), y, x));
}

TEST(Solve, InvertsAQuotientWhoseDenominatorIsLinearInTheUnknown) {
  Pool pool;
  Id x = pool.variable(0, Type::Real), y = pool.variable(1, Type::Real);
  Id k = pool.variable(2, Type::Real);
  // y = 1/x  ->  x = 1/y (R_m = 1/G_m of the FluxTubes leakage permeances)
  auto s = solveFor(pool, y, pool.div(pool.real(1), x), x);
  ASSERT_TRUE(s);
  EXPECT_EQ(show(pool, *s), "1.0/b");
  // k/(2*x + 1) = y  ->  2*x + 1 = k/y  ->  x = -(1 - k/y)/2
  auto t = solveFor(pool, pool.div(k, pool.add(pool.mul(pool.real(2), x), pool.real(1))), y, x);
  ASSERT_TRUE(t);
  EXPECT_EQ(show(pool, *t), "-(1.0 - c/b)/2.0");
}

TEST(Solve, PreOfTheUnknownIsKnown) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  auto s = solveFor(pool, x, pool.add(pool.pre(0, Type::Real), pool.real(1)), x);
  ASSERT_TRUE(s);
  EXPECT_EQ(show(pool, *s), "pre(a) + 1.0");
}
