// Pantelides' algorithm on plain index graphs: textbook DAEs of index 1, 2 and 3 and a
// structurally singular one (no model involved).
#include "mocc/structure/pantelides.h"

#include <gtest/gtest.h>

using namespace mocc::backend::structure;

namespace {

// How often each equation of the input was differentiated.
std::vector<int> differentiationCounts(const PantelidesResult& r, std::size_t inputEquations) {
  std::vector<int> counts(inputEquations, 0);
  for (std::size_t e = inputEquations; e < r.differentiatedFrom.size(); ++e) {
    std::int32_t origin = r.differentiatedFrom[e];
    while (static_cast<std::size_t>(origin) >= inputEquations)
      origin = r.differentiatedFrom[origin];
    ++counts[origin];
  }
  return counts;
}

// Every highest-order equation is matched to a highest-order variable, consistently.
void expectHighestOrderMatching(const PantelidesResult& r) {
  std::vector<bool> differentiated(r.graph.equations.size(), false);
  for (std::int32_t from : r.differentiatedFrom)
    if (from != kUnmatched) differentiated[from] = true;
  for (std::size_t e = 0; e < r.graph.equations.size(); ++e) {
    std::int32_t v = r.matching.variableOfEquation[e];
    if (differentiated[e]) {
      EXPECT_EQ(v, kUnmatched) << "equation " << e;
      continue;
    }
    ASSERT_NE(v, kUnmatched) << "equation " << e;
    EXPECT_EQ(r.graph.derivative[v], kUnmatched) << "variable " << v << " is not highest order";
    EXPECT_EQ(r.matching.equationOfVariable[v], static_cast<std::int32_t>(e));
  }
}

} // namespace

TEST(Pantelides, IndexOneNeedsNoDifferentiation) {
  // x' = -x + z; 0 = z - x: variables x(0), der(x)(1), z(2).
  IndexGraph g{{{1, 0, 2}, {2, 0}}, {1, kUnmatched, kUnmatched}};
  PantelidesResult r = pantelides(g);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.graph.equations.size(), 2u);
  EXPECT_EQ(r.matching.size, 2u);
  expectHighestOrderMatching(r);
}

TEST(Pantelides, CapacitorOnAVoltageSourceIsIndexTwo) {
  // C u' = i; u = sin(time): variables u(0), der(u)(1), i(2). The source equation is
  // differentiated once; der(u) then comes from it and i from the capacitor.
  IndexGraph g{{{1, 2}, {0}}, {1, kUnmatched, kUnmatched}};
  PantelidesResult r = pantelides(g);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(differentiationCounts(r, 2), (std::vector<int>{0, 1}));
  ASSERT_EQ(r.graph.equations.size(), 3u);
  EXPECT_EQ(r.graph.equations[2], (std::vector<std::int32_t>{0, 1})); // u and der(u)
  EXPECT_EQ(r.graph.derivative.size(), 3u);                           // no new variable
  expectHighestOrderMatching(r);
}

TEST(Pantelides, CartesianPendulumIsIndexThree) {
  // Variables: x0 y1 vx2 vy3 lambda4, der(x)5 der(y)6 der(vx)7 der(vy)8.
  //   e0: der(x) = vx        e1: der(y) = vy
  //   e2: der(vx) = -lambda x   e3: der(vy) = -lambda y - g
  //   e4: x^2 + y^2 = L^2
  // Textbook result (Pantelides 1988): the constraint twice, the position equations once;
  // der(der(x)) and der(der(y)) are new variables.
  IndexGraph g{{{5, 2}, {6, 3}, {7, 4, 0}, {8, 4, 1}, {0, 1}},
               {5, 6, 7, 8, kUnmatched, kUnmatched, kUnmatched, kUnmatched, kUnmatched}};
  PantelidesResult r = pantelides(g);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(differentiationCounts(r, 5), (std::vector<int>{1, 1, 0, 0, 2}));
  ASSERT_EQ(r.graph.derivative.size(), 11u);
  EXPECT_EQ(r.integral[9] == 5 || r.integral[9] == 6, true);
  EXPECT_EQ(r.integral[10] == 5 || r.integral[10] == 6, true);
  EXPECT_NE(r.integral[9], r.integral[10]);
  EXPECT_EQ(r.graph.derivative[5], r.integral[9] == 5 ? 9 : 10);
  expectHighestOrderMatching(r);
}

TEST(Pantelides, DeterministicForEqualInputs) {
  IndexGraph g{{{5, 2}, {6, 3}, {7, 4, 0}, {8, 4, 1}, {0, 1}},
               {5, 6, 7, 8, kUnmatched, kUnmatched, kUnmatched, kUnmatched, kUnmatched}};
  PantelidesResult a = pantelides(g), b = pantelides(g);
  EXPECT_EQ(a.graph.equations, b.graph.equations);
  EXPECT_EQ(a.matching.variableOfEquation, b.matching.variableOfEquation);
}

TEST(Pantelides, SingularSystemFailsInsteadOfLooping) {
  // x' = 1; 0 = x - time; 0 = x: both algebraic equations in x only, which with its
  // derivative is one column: no number of differentiations matches all three.
  IndexGraph g{{{1}, {0}, {0}}, {1, kUnmatched}};
  PantelidesResult r = pantelides(g);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.failedEquation, kUnmatched);
}

TEST(Pantelides, MergedColumnsJoinAVariableWithItsDerivatives) {
  IndexGraph g{{}, {2, kUnmatched, 3, kUnmatched}}; // 0 -> 2 -> 3; 1 alone
  std::size_t columns = 0;
  std::vector<std::int32_t> column = mergedColumns(g, columns);
  EXPECT_EQ(columns, 2u);
  EXPECT_EQ(column[0], column[2]);
  EXPECT_EQ(column[0], column[3]);
  EXPECT_NE(column[0], column[1]);
}

TEST(Pantelides, LongIndexTwoChainStaysIterative) {
  // n capacitors each on its own source: n differentiations, no deep recursion.
  const std::int32_t n = 100000;
  IndexGraph g;
  for (std::int32_t k = 0; k < n; ++k) {
    g.derivative.insert(g.derivative.end(), {3 * k + 1, kUnmatched, kUnmatched});
    g.equations.push_back({3 * k + 1, 3 * k + 2});
    g.equations.push_back({3 * k});
  }
  PantelidesResult r = pantelides(g);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.graph.equations.size(), static_cast<std::size_t>(3 * n));
}

TEST(Pantelides, RelativeStatesOfASpringDamperOnAFixedFlange) {
  // phi_rel = phi; w_rel = der(phi_rel); a_rel = der(w_rel); tau = c*phi_rel + d*w_rel;
  // w = der(phi); der(w) = -tau. Variables: phi_rel0 w_rel1 a_rel2 phi3 w4 tau5, der(phi_rel)6
  // der(w_rel)7 der(phi)8 der(w)9. The position constraint is differentiated twice.
  IndexGraph g{
      {{0, 3}, {1, 6}, {2, 7}, {5, 0, 1}, {4, 8}, {9, 5}},
      {6, 7, kUnmatched, 8, 9, kUnmatched, kUnmatched, kUnmatched, kUnmatched, kUnmatched}};
  PantelidesResult r = pantelides(g);
  ASSERT_TRUE(r.ok) << "failed at equation " << r.failedEquation;
  EXPECT_EQ(differentiationCounts(r, 6)[0], 2);
  expectHighestOrderMatching(r);
}
