// Tearing of strongly connected blocks on plain index graphs (no model involved).
#include "mocc/structure/tearing.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace mocc::backend::structure;

namespace {

// The tearing is a valid evaluation order: every inner equation computes a variable from the
// iteration variables and those computed before it, and each variable is computed once.
void expectValidOrder(const TearingProblem& p, const Tearing& t) {
  std::size_t n = p.incidence.size();
  std::vector<bool> known(n, false), usedEquation(n, false);
  for (std::int32_t v : t.iteration) {
    EXPECT_TRUE(p.iterable[v]) << "variable " << v << " may not be iterated";
    known[v] = true;
  }
  for (auto [e, v] : t.inner) {
    EXPECT_FALSE(known[v]) << "variable " << v << " computed twice";
    const auto& solvable = p.solvable[e];
    EXPECT_NE(std::find(solvable.begin(), solvable.end(), v), solvable.end());
    for (std::int32_t u : p.incidence[e])
      EXPECT_TRUE(u == v || known[u]) << "equation " << e << " reads " << u << " too early";
    known[v] = true;
    usedEquation[e] = true;
  }
  EXPECT_EQ(std::count(known.begin(), known.end(), true), static_cast<long>(n));
  EXPECT_EQ(t.residuals.size(), t.iteration.size());
  for (std::int32_t e : t.residuals)
    EXPECT_FALSE(usedEquation[e]);
}

} // namespace

TEST(Tearing, ACycleNeedsOneIterationVariable) {
  // e0: v0 = f(v1), e1: v1 = g(v2), e2: v2 = h(v0).
  TearingProblem p{{{0, 1}, {1, 2}, {2, 0}}, {{0, 1}, {1, 2}, {2, 0}}, {true, true, true}};
  Tearing t = tear(p);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.iteration.size(), 1u);
  EXPECT_EQ(t.inner.size(), 2u);
  expectValidOrder(p, t);
}

TEST(Tearing, UnsolvableEquationsBecomeResiduals) {
  // Neither equation can be solved explicitly (say, both nonlinear in both variables):
  // both variables are iterated and both equations are residuals.
  TearingProblem p{{{0, 1}, {0, 1}}, {{}, {}}, {true, true}};
  Tearing t = tear(p);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.iteration.size(), 2u);
  EXPECT_TRUE(t.inner.empty());
  EXPECT_EQ(t.residuals, (std::vector<std::int32_t>{0, 1}));
}

TEST(Tearing, PrefersTheVariableThatUnlocksMostEquations) {
  // v0 appears in every equation with one other unknown: iterating it solves the rest.
  TearingProblem p{{{0, 1}, {0, 2}, {0, 3}, {0, 1, 2, 3}},
                   {{1}, {2}, {3}, {0, 1, 2, 3}},
                   {true, true, true, true}};
  Tearing t = tear(p);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.iteration, (std::vector<std::int32_t>{0}));
  EXPECT_EQ(t.residuals, (std::vector<std::int32_t>{3}));
  expectValidOrder(p, t);
}

TEST(Tearing, BooleansAreNeverIterated) {
  // An ideal switch: off = s < 0 (computes the Boolean b1 from s0), and s0 appears with b1
  // in a residual. Only s may be iterated.
  TearingProblem p{{{1, 0}, {0, 1}}, {{1}, {}}, {true, false}};
  Tearing t = tear(p);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.iteration, (std::vector<std::int32_t>{0}));
  expectValidOrder(p, t);
}

TEST(Tearing, FailsWhenANonIterableVariableCannotBeComputed) {
  TearingProblem p{{{0, 1}, {0, 1}}, {{}, {}}, {false, true}};
  Tearing t = tear(p);
  EXPECT_FALSE(t.ok);
}

TEST(Tearing, LargeRingIsNearLinear) {
  const std::int32_t n = 200000;
  TearingProblem p;
  for (std::int32_t k = 0; k < n; ++k) {
    p.incidence.push_back({k, (k + 1) % n});
    p.solvable.push_back({k, (k + 1) % n});
  }
  p.iterable.assign(n, true);
  Tearing t = tear(p);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.iteration.size(), 1u);
  EXPECT_EQ(t.inner.size(), static_cast<std::size_t>(n - 1));
}
