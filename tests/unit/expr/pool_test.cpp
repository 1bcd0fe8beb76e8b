// Hash-consing and simplifying constructors of the expression DAG.
#include "mocc/expr/builtins.h"
#include "mocc/expr/expr.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace mocc::expr;

TEST(Pool, StructurallyEqualExpressionsShareOneNode) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  Id a = pool.mul(pool.add(x, pool.real(2)), x);
  Id b = pool.mul(pool.add(x, pool.real(2)), x);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, pool.mul(x, pool.add(x, pool.real(2))));
}

TEST(Pool, FoldsConstants) {
  Pool pool;
  Id e = pool.add(pool.mul(pool.real(3), pool.real(4)), pool.neg(pool.real(2)));
  ASSERT_TRUE(pool.isConstant(e));
  EXPECT_EQ(pool.constantValue(e), 10);
  Id c = pool.call(Builtin::Sin, std::vector<Id>{pool.real(0.5)});
  ASSERT_TRUE(pool.isConstant(c));
  EXPECT_EQ(pool.constantValue(c), std::sin(0.5));
}

TEST(Pool, AppliesExactIdentities) {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  EXPECT_EQ(pool.add(x, pool.real(0)), x);
  EXPECT_EQ(pool.mul(pool.real(1), x), x);
  EXPECT_EQ(pool.neg(pool.neg(x)), x);
  EXPECT_EQ(pool.sub(x, pool.neg(pool.real(2))), pool.add(x, pool.real(2)));
  EXPECT_EQ(pool.div(x, pool.real(1)), x);
  EXPECT_EQ(pool.ifThenElse(pool.boolean(true), x, pool.real(3)), x);
  EXPECT_EQ(pool.logicalAnd(pool.boolean(true), pool.variable(1, Type::Boolean)),
            pool.variable(1, Type::Boolean));
}

TEST(Pool, IntegerArithmeticStaysInteger) {
  Pool pool;
  Id n = pool.variable(0, Type::Integer);
  EXPECT_EQ(pool.type(pool.add(n, pool.integer(1))), Type::Integer);
  EXPECT_EQ(pool.type(pool.div(n, pool.integer(2))), Type::Real); // '/' is Real (MLS 3.4)
  EXPECT_EQ(pool.type(pool.add(n, pool.real(1))), Type::Real);
}

TEST(Pool, DoesNotFoldIntegerDivisionByZero) {
  Pool pool;
  Id e = pool.call(Builtin::Div, std::vector<Id>{pool.integer(1), pool.integer(0)});
  EXPECT_FALSE(pool.isConstant(e));
}

TEST(Builtins, FollowTheSpecificationFormulas) {
  // MLS 3.7.2: mod(x, y) = x - floor(x/y)*y, rem(x, y) = x - div(x, y)*y.
  const double a[] = {-7, 3};
  EXPECT_EQ(evaluateBuiltin(Builtin::Mod, a), 2);
  EXPECT_EQ(evaluateBuiltin(Builtin::Rem, a), -1);
  EXPECT_EQ(evaluateBuiltin(Builtin::Div, a), -2);
  const double b[] = {-2.5};
  EXPECT_EQ(evaluateBuiltin(Builtin::Integer, b), -3);
  EXPECT_EQ(evaluateBuiltin(Builtin::Sign, b), -1);
  EXPECT_EQ(builtinByName("atan2"), Builtin::Atan2);
  EXPECT_FALSE(builtinByName("nosuch"));
}

TEST(Translator, CopiesBetweenPoolsAndRewritesLeaves) {
  Pool source, target;
  Id x = source.variable(3, Type::Real);
  Id e = source.add(source.mul(x, x), source.time());
  Translator translate(source, target, [&](Id id, Translator&) -> Id {
    const Node& n = source.node(id);
    if (n.op == Op::Variable) return target.variable(n.index + 10, n.type);
    return {};
  });
  Id copied = translate(e);
  Id y = target.variable(13, Type::Real);
  EXPECT_EQ(copied, target.add(target.mul(y, y), target.time()));
  EXPECT_EQ(variablesOf(target, copied), std::vector<std::uint32_t>{13});
}
