// Printing expressions with the minimal parentheses that keep their structure.
#include "mocc/expr/expr.h"

#include <gtest/gtest.h>

using namespace mocc::expr;

namespace {

std::string show(const Pool& pool, Id id) {
  return print(pool, id,
               [](std::uint32_t i) { return std::string(1, static_cast<char>('a' + i)); });
}

} // namespace

TEST(Print, UsesParenthesesOnlyWhereNeeded) {
  Pool pool;
  Id a = pool.variable(0, Type::Real), b = pool.variable(1, Type::Real);
  Id c = pool.variable(2, Type::Real);
  EXPECT_EQ(show(pool, pool.sub(a, pool.sub(b, c))), "a - (b - c)");
  EXPECT_EQ(show(pool, pool.sub(pool.sub(a, b), c)), "a - b - c");
  EXPECT_EQ(show(pool, pool.div(a, pool.mul(b, c))), "a/(b*c)");
  EXPECT_EQ(show(pool, pool.mul(pool.add(a, b), c)), "(a + b)*c");
  EXPECT_EQ(show(pool, pool.neg(pool.pow(a, b))), "-a^b");
  EXPECT_EQ(show(pool, pool.pow(pool.neg(a), b)), "(-a)^b");
  EXPECT_EQ(show(pool, pool.mul(a, pool.real(-2))), "a*(-2.0)");
  EXPECT_EQ(show(pool, pool.compare(Op::Lt, a, pool.real(0))), "a < 0.0");
  EXPECT_EQ(show(pool, pool.logicalNot(pool.logicalAnd(pool.compare(Op::Lt, a, b),
                                                       pool.compare(Op::Gt, b, c)))),
            "not (a < b and b > c)");
}

TEST(Print, ShowsLiteralsByType) {
  Pool pool;
  EXPECT_EQ(show(pool, pool.integer(3)), "3");
  EXPECT_EQ(show(pool, pool.real(3)), "3.0");
  EXPECT_EQ(show(pool, pool.real(0.1)), "0.1");
  EXPECT_EQ(show(pool, pool.boolean(true)), "true");
}
