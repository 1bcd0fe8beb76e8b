// Numeric evaluation of expressions.
#include "mocc/expr/evaluate.h"

#include <gtest/gtest.h>

using namespace mocc::expr;

TEST(Evaluate, ArithmeticConditionsAndBuiltins) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  Id y = pool.variable(1, Type::Real);
  const Id args[] = {x};
  Id e = pool.add(pool.call(Builtin::Sqrt, args),
                  pool.ifThenElse(pool.compare(Op::Lt, x, y), pool.mul(y, pool.time()), y));
  Values values{[](std::uint32_t v) -> std::optional<double> { return v == 0 ? 4.0 : 5.0; }};
  values.time = 2;
  EXPECT_DOUBLE_EQ(*evaluate(pool, e, values), 12.0);
}

TEST(Evaluate, UnknownLeavesAndFunctionCallsFail) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  Values none{[](std::uint32_t) -> std::optional<double> { return std::nullopt; }};
  EXPECT_FALSE(evaluate(pool, pool.add(x, pool.real(1)), none));
  const Id args[] = {pool.real(1)};
  EXPECT_FALSE(evaluate(pool, pool.functionCall(0, 0, Type::Real, args), none));
  EXPECT_DOUBLE_EQ(*evaluate(pool, pool.real(3), none), 3.0);
}

TEST(Evaluate, PreReadsItsOwnValuesWhenGiven) {
  Pool pool;
  Values values{[](std::uint32_t) -> std::optional<double> { return 1.0; }};
  values.pre = [](std::uint32_t) -> std::optional<double> { return 7.0; };
  EXPECT_DOUBLE_EQ(
      *evaluate(pool, pool.sub(pool.variable(0, Type::Real), pool.pre(0, Type::Real)), values),
      -6.0);
}
