// Matching and strongly connected components on plain index graphs (no model involved).
#include "mocc/structure/graph.h"

#include <gtest/gtest.h>
#include <random>

using namespace mocc::backend::structure;

TEST(Matching, FindsAPerfectMatchingThatNeedsAugmentingPaths) {
  // e0: {v0, v1}, e1: {v0}, e2: {v1, v2}. A greedy e0->v0 must be undone.
  BipartiteGraph graph = {{0, 1}, {0}, {1, 2}};
  Matching m = maximumMatching(graph, 3);
  EXPECT_EQ(m.size, 3u);
  EXPECT_EQ(m.variableOfEquation[1], 0);
  EXPECT_EQ(m.variableOfEquation[0], 1);
  EXPECT_EQ(m.variableOfEquation[2], 2);
  for (int e = 0; e < 3; ++e)
    EXPECT_EQ(m.equationOfVariable[m.variableOfEquation[e]], e);
}

TEST(Matching, ReportsWhatStaysUnmatched) {
  // Two equations only in v0: one of them is over-determined; v1 is free.
  BipartiteGraph graph = {{0}, {0}};
  Matching m = maximumMatching(graph, 2);
  EXPECT_EQ(m.size, 1u);
  EXPECT_EQ(m.equationOfVariable[1], kUnmatched);
  EXPECT_EQ(m.variableOfEquation[1], kUnmatched);
}

TEST(Matching, LongChainWithoutDeepRecursion) {
  // e_i: {v_i, v_{i+1}} for i < n-1 and e_{n-1}: {v_0}: one long augmenting path at the end.
  const int n = 200000;
  BipartiteGraph graph(n);
  for (int i = 0; i < n - 1; ++i)
    graph[i] = {i, i + 1};
  graph[n - 1] = {0};
  Matching m = maximumMatching(graph, n);
  EXPECT_EQ(m.size, static_cast<std::size_t>(n));
}

TEST(Matching, SizeMatchesAnExhaustiveCheckOnSmallRandomGraphs) {
  std::mt19937 random(42);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 6;
    BipartiteGraph graph(n);
    for (int e = 0; e < n; ++e) {
      for (int v = 0; v < n; ++v) {
        if (random() % 3 == 0) graph[e].push_back(v);
      }
    }
    // Brute force: best over all assignments by backtracking.
    std::vector<bool> used(n, false);
    std::function<int(int)> best = [&](int e) -> int {
      if (e == n) return 0;
      int result = best(e + 1);
      for (int v : graph[e]) {
        if (used[v]) continue;
        used[v] = true;
        result = std::max(result, 1 + best(e + 1));
        used[v] = false;
      }
      return result;
    };
    EXPECT_EQ(maximumMatching(graph, n).size, static_cast<std::size_t>(best(0)));
  }
}

TEST(Tarjan, ComponentsComeAfterWhatTheyDependOn) {
  // 0 -> 1 -> 2 -> 1 (cycle {1, 2}), 3 -> 0
  std::vector<std::vector<std::int32_t>> successors = {{1}, {2}, {1}, {0}};
  auto components = stronglyConnectedComponents(successors);
  ASSERT_EQ(components.size(), 3u);
  EXPECT_EQ(components[0], (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(components[1], (std::vector<std::int32_t>{0}));
  EXPECT_EQ(components[2], (std::vector<std::int32_t>{3}));
}

TEST(Tarjan, DeepChainWithoutDeepRecursion) {
  const int n = 300000;
  std::vector<std::vector<std::int32_t>> successors(n);
  for (int i = 1; i < n; ++i)
    successors[i] = {i - 1};
  auto components = stronglyConnectedComponents(successors);
  ASSERT_EQ(components.size(), static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(components[i][0], i);
}

TEST(DulmageMendelsohn, TheFreeVariableMovesToTheLowestRank) {
  // e0: {v0, v1}, e1: {v1, v2}; three variables, two equations: one is free. Any of them
  // can be (alternating paths), and the rank chooses v1.
  BipartiteGraph graph = {{0, 1}, {1, 2}};
  Matching m = maximumMatching(graph, 3);
  ASSERT_EQ(m.size, 2u);
  std::vector<bool> part = moveUnmatchedVariables(graph, m, {2, 0, 1});
  EXPECT_EQ(part, (std::vector<bool>{true, true, true}));
  EXPECT_EQ(m.equationOfVariable[1], kUnmatched);
  EXPECT_EQ(m.size, 2u);
  for (int e = 0; e < 2; ++e) {
    ASSERT_NE(m.variableOfEquation[e], kUnmatched);
    EXPECT_EQ(m.equationOfVariable[m.variableOfEquation[e]], e);
  }
}

TEST(DulmageMendelsohn, TheLeftOverEquationMovesToTheLowestRank) {
  // e0: {v0}, e1: {v0}, e2: {v0, v1}, e3: {v1}: one of e0, e1, e2, e3 is left over, and
  // e3 is only reachable through v1. Rank prefers e1; the part is every equation.
  BipartiteGraph graph = {{0}, {0}, {0, 1}, {1}};
  Matching m = maximumMatching(graph, 2);
  ASSERT_EQ(m.size, 2u);
  std::vector<bool> part = moveUnmatchedEquations(graph, m, {3, 0, 3, 3});
  EXPECT_EQ(part, (std::vector<bool>{true, true, true, true}));
  EXPECT_EQ(m.variableOfEquation[1], kUnmatched);
  for (int v = 0; v < 2; ++v) {
    ASSERT_NE(m.equationOfVariable[v], kUnmatched);
    EXPECT_EQ(m.variableOfEquation[m.equationOfVariable[v]], v);
  }
}

TEST(DulmageMendelsohn, WellDeterminedPartsAreLeftAlone) {
  // e0: {v0} is well determined; e1: {v1, v2} leaves v1 or v2 free.
  BipartiteGraph graph = {{0}, {1, 2}};
  Matching m = maximumMatching(graph, 3);
  std::vector<bool> part = moveUnmatchedVariables(graph, m, {0, 1, 1});
  EXPECT_EQ(part, (std::vector<bool>{false, true, true}));
  EXPECT_EQ(m.equationOfVariable[0], 0);
}
