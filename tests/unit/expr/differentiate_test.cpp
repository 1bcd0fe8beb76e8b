// Symbolic differentiation: hand-derived results, and every rule checked against central
// finite differences at random points.
#include "mocc/expr/differentiate.h"
#include "mocc/expr/evaluate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mocc::expr;

namespace {

std::string show(const Pool& pool, Id id) {
  return print(pool, id, [](std::uint32_t i) {
    static const char* names[] = {"x", "y", "p", "der(x)", "der(y)", "b"};
    return std::string(i < 6 ? names[i] : "?");
  });
}

// Variables: 0 x, 1 y (continuous), 2 p (a parameter), 3 der(x), 4 der(y), 5 b (Boolean).
struct Fixture {
  Pool pool;
  Id x = pool.variable(0, Type::Real);
  Id y = pool.variable(1, Type::Real);
  Id p = pool.variable(2, Type::Real);
  Id b = pool.variable(5, Type::Boolean);

  std::optional<Id> ddt(Id e) {
    DerivativeRules rules;
    rules.variable = [this](std::uint32_t v) -> Id {
      if (v == 0) return pool.variable(3, Type::Real);
      if (v == 1) return pool.variable(4, Type::Real);
      if (v == 2) return pool.real(0);
      return Id{};
    };
    return Differentiator(pool, rules)(e);
  }
  Id call(Builtin fn, Id a) {
    const Id args[] = {a};
    return pool.call(fn, args);
  }
  Id call(Builtin fn, Id a, Id b2) {
    const Id args[] = {a, b2};
    return pool.call(fn, args);
  }
};

} // namespace

TEST(Differentiate, TimeDerivativesOfPolynomialsAndTime) {
  Fixture f;
  // d/dt (x^2 + p*y + time) = 2*x*der(x) + p*der(y) + 1
  Id e =
      f.pool.add(f.pool.add(f.pool.pow(f.x, f.pool.real(2)), f.pool.mul(f.p, f.y)), f.pool.time());
  auto d = f.ddt(e);
  ASSERT_TRUE(d);
  EXPECT_EQ(show(f.pool, *d), "2.0*x*der(x) + p*der(y) + 1.0");
}

TEST(Differentiate, ParametersPreAndDiscreteValuesHaveNoDerivative) {
  Fixture f;
  Id e = f.pool.add(f.pool.mul(f.p, f.pool.pre(0, Type::Real)), f.pool.integer(3));
  auto d = f.ddt(e);
  ASSERT_TRUE(d);
  EXPECT_TRUE(f.pool.isConstant(*d, 0));
}

TEST(Differentiate, IfExpressionsKeepTheirConditions) {
  Fixture f;
  Id condition = f.pool.relation(0, f.pool.compare(Op::Gt, f.x, f.y));
  Id e = f.pool.ifThenElse(condition, f.pool.mul(f.x, f.y), f.pool.neg(f.x));
  auto d = f.ddt(e);
  ASSERT_TRUE(d);
  EXPECT_EQ(show(f.pool, *d), "if $rel0(x > y) then der(x)*y + x*der(y) else -der(x)");
}

TEST(Differentiate, PartialDerivativeHoldsOtherVariablesAndTimeConstant) {
  Fixture f;
  Id e = f.pool.add(f.pool.mul(f.call(Builtin::Sin, f.x), f.y), f.pool.time());
  auto dx = partialDerivative(f.pool, e, 0);
  auto dy = partialDerivative(f.pool, e, 1);
  ASSERT_TRUE(dx && dy);
  EXPECT_EQ(show(f.pool, *dx), "cos(x)*y");
  EXPECT_EQ(show(f.pool, *dy), "sin(x)");
  auto dp = partialDerivative(f.pool, e, 2);
  ASSERT_TRUE(dp);
  EXPECT_TRUE(f.pool.isConstant(*dp, 0));
}

TEST(Differentiate, UserFunctionsUseTheirDerivativeFunction) {
  Fixture f;
  const Id args[] = {f.x, f.pool.integer(2)};
  Id call = f.pool.functionCall(0, 0, Type::Real, args);
  DerivativeRules rules;
  rules.variable = [&](std::uint32_t v) { return v == 0 ? f.pool.variable(3, Type::Real) : Id{}; };
  Differentiator without(f.pool, rules);
  EXPECT_FALSE(without(call));
  EXPECT_EQ(without.failedAt(), call);
  EXPECT_NE(without.failure().find("derivative annotation"), std::string::npos);

  rules.function = [](std::uint32_t fn, std::uint32_t out) -> std::optional<FunctionDerivative> {
    if (fn == 0) return FunctionDerivative{1, out};
    return std::nullopt;
  };
  auto d = Differentiator(f.pool, rules)(call);
  ASSERT_TRUE(d);
  // The Integer input has no derivative: f_der(x, 2, der(x)).
  ASSERT_EQ(f.pool.op(*d), Op::FunctionCall);
  EXPECT_EQ(f.pool.node(*d).index, 1u);
  ASSERT_EQ(f.pool.args(*d).size(), 3u);
  EXPECT_EQ(f.pool.arg(*d, 2), f.pool.variable(3, Type::Real));
}

// MLS 12.7.1: a derivative function f_der(u, du) is linear in du. Its partial derivative with
// respect to a variable only in du is f_der(u, d du); with respect to u it has none.
TEST(Differentiate, DerivativeFunctionsAreLinearInTheirDerivativeInputs) {
  Fixture f;
  Id dx = f.pool.variable(3, Type::Real);
  const Id args[] = {f.x, f.pool.mul(f.pool.real(2), dx)};
  Id call = f.pool.functionCall(1, 0, Type::Real, args);
  auto noDerivative = [](std::uint32_t, std::uint32_t) -> std::optional<FunctionDerivative> {
    return std::nullopt;
  };
  auto tails = [](std::uint32_t fn) -> std::uint32_t { return fn == 1 ? 1 : 0; };
  auto byDx = partialDerivative(f.pool, call, 3, noDerivative, tails);
  ASSERT_TRUE(byDx);
  const Id expected[] = {f.x, f.pool.real(2)};
  EXPECT_EQ(*byDx, f.pool.functionCall(1, 0, Type::Real, expected));
  EXPECT_FALSE(partialDerivative(f.pool, call, 0, noDerivative, tails));
  EXPECT_FALSE(partialDerivative(f.pool, call, 3, noDerivative)); // not known to be linear
}

TEST(Differentiate, AVariableWithoutDerivativeFails) {
  Fixture f;
  DerivativeRules rules;
  rules.variable = [](std::uint32_t) { return Id{}; };
  Differentiator d(f.pool, rules);
  EXPECT_FALSE(d(f.pool.mul(f.x, f.y)));
}

TEST(Differentiate, DeepSumsDoNotRecurse) {
  Fixture f;
  Id sum = f.pool.real(0);
  for (int i = 0; i < 200000; ++i)
    sum = f.pool.add(sum, f.pool.mul(f.pool.real(i + 1), f.x));
  auto d = partialDerivative(f.pool, sum, 0);
  ASSERT_TRUE(d);
  auto value = evaluate(f.pool, *d, Values{[](std::uint32_t) { return 0.5; }});
  ASSERT_TRUE(value);
  EXPECT_DOUBLE_EQ(*value, 200000.0 * 200001.0 / 2);
}

// ----------------------------------------------------------------- numeric check of rules

namespace {

// Central differences of `e` in variable 0 at x (with y = 0.7), against the symbolic partial.
void expectMatchesFiniteDifference(Pool& pool, Id e, double x, const std::string& what) {
  auto derivative = partialDerivative(pool, e, 0);
  ASSERT_TRUE(derivative) << what;
  auto at = [&](double value, Id id) {
    return evaluate(pool, id, Values{[value](std::uint32_t v) -> std::optional<double> {
                      return v == 0 ? value : 0.7;
                    }});
  };
  double h = 1e-6 * std::max(1.0, std::fabs(x));
  auto plus = at(x + h, e), minus = at(x - h, e), symbolic = at(x, *derivative);
  ASSERT_TRUE(plus && minus && symbolic) << what;
  double numeric = (*plus - *minus) / (2 * h);
  EXPECT_NEAR(*symbolic, numeric, 1e-5 * std::max(1.0, std::fabs(numeric)))
      << what << " at x = " << x << ": " << print(pool, *derivative, [](std::uint32_t i) {
           return i == 0 ? std::string("x") : std::string("y");
         });
}

} // namespace

TEST(DifferentiateNumeric, EveryRuleAgreesWithFiniteDifferences) {
  Fixture f;
  Pool& pool = f.pool;
  Id x = f.x, y = f.y;
  Id xy = pool.add(pool.mul(x, y), pool.real(0.3));
  std::vector<std::pair<std::string, Id>> cases = {
      {"x*y/(x+2)", pool.div(pool.mul(x, y), pool.add(x, pool.real(2)))},
      {"x^3", pool.pow(x, pool.real(3))},
      {"y^x", pool.pow(y, x)},
      {"x^x", pool.pow(x, x)},
      {"sin", f.call(Builtin::Sin, xy)},
      {"cos", f.call(Builtin::Cos, xy)},
      {"tan", f.call(Builtin::Tan, xy)},
      {"asin", f.call(Builtin::Asin, pool.mul(pool.real(0.3), xy))},
      {"acos", f.call(Builtin::Acos, pool.mul(pool.real(0.3), xy))},
      {"atan", f.call(Builtin::Atan, xy)},
      {"atan2", f.call(Builtin::Atan2, xy, pool.sub(x, pool.real(3)))},
      {"sinh", f.call(Builtin::Sinh, xy)},
      {"cosh", f.call(Builtin::Cosh, xy)},
      {"tanh", f.call(Builtin::Tanh, xy)},
      {"exp", f.call(Builtin::Exp, xy)},
      {"log", f.call(Builtin::Log, x)},
      {"log10", f.call(Builtin::Log10, x)},
      {"sqrt", f.call(Builtin::Sqrt, x)},
      {"abs", f.call(Builtin::Abs, pool.sub(x, pool.real(1.5)))},
      {"min", f.call(Builtin::Min, pool.mul(x, x), pool.add(x, pool.real(1)))},
      {"max", f.call(Builtin::Max, pool.mul(x, x), pool.add(x, pool.real(1)))},
      {"mod", f.call(Builtin::Mod, pool.mul(x, pool.real(3)), pool.real(0.7))},
      {"rem", f.call(Builtin::Rem, pool.mul(x, pool.real(3)), pool.real(0.7))},
      {"if", pool.ifThenElse(pool.noEvent(pool.compare(Op::Gt, x, pool.real(1.2))), pool.mul(x, x),
                             pool.neg(x))},
      {"nested", pool.div(f.call(Builtin::Exp, pool.neg(pool.mul(x, x))),
                          pool.add(pool.real(1), f.call(Builtin::Sqrt, pool.mul(x, y))))},
  };
  std::mt19937 random(42);
  std::uniform_real_distribution<double> point(0.2, 2.5);
  for (const auto& [what, e] : cases) {
    for (int k = 0; k < 20; ++k) {
      double at = point(random);
      // Skip points within reach of a kink (abs, min, max, mod, rem, if).
      double frac = std::fmod(at * 3 / 0.7, 1.0);
      if (std::fabs(at - 1.5) < 1e-3 || std::fabs(at * at - at - 1) < 1e-3 ||
          std::fabs(at - 1.2) < 1e-3 || frac < 1e-3 || frac > 1 - 1e-3) {
        continue;
      }
      expectMatchesFiniteDifference(pool, e, at, what);
    }
  }
}
