// LoopRelations (mixed systems of Real and Boolean equations, MLS 3.6 section 8.6), driven as
// generated code drives it: solve with the stored relations, store the relations the solution
// gives, ask whether to solve again. A "loop" here is a rule from the stored values of two
// relations (p, q) to the values its solution gives.
#include "mocc/runtime/loop_relations.h"

#include <gtest/gtest.h>

#include <functional>
#include <utility>

namespace {

using mocc::runtime::AlgebraicSolver;
using mocc::runtime::LoopRelations;
using Rule = std::function<std::pair<bool, bool>(bool p, bool q)>;

struct TwoRelations {
  mocc_variable variables[2] = {
      {"$rel0", "p", MOCC_REGION_VALUE, 0, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1, ""},
      {"$rel1", "q", MOCC_REGION_VALUE, 1, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1, ""}};
  int32_t relations[2] = {0, 1};
  mocc_system_info system{};
  mocc_model model{};
  double v[2] = {0.0, 0.0};
  mocc_instance instance{};

  TwoRelations(bool p, bool q) {
    model.n_variables = 2;
    model.variables = variables;
    model.n_relations = 2;
    model.relations = relations;
    model.n_systems = 1;
    model.systems = &system;
    instance.v = v;
    instance.mode = MOCC_MODE_EVENT;
    v[0] = p, v[1] = q;
  }

  /// The solves generated code makes until LoopRelations is content.
  int settle(const Rule& rule) {
    AlgebraicSolver solver(model);
    LoopRelations relations(model, solver);
    int solves = 0;
    do {
      ++solves;
      relations.beforeSolve(instance, 0);
      auto [p, q] = rule(v[0] != 0.0, v[1] != 0.0);
      v[0] = p, v[1] = q;
    } while (relations.settle(instance, 0) && solves < 100);
    return solves;
  }
};

TEST(LoopRelations, AConsistentSolveIsNotRepeated) {
  TwoRelations loop(true, false);
  EXPECT_EQ(loop.settle([](bool p, bool q) { return std::pair{p, q}; }), 1);
}

TEST(LoopRelations, FixedPointIterationSolvesAgainWithTheNewRelations) {
  TwoRelations loop(false, false);
  EXPECT_EQ(loop.settle([](bool, bool) { return std::pair{true, true}; }), 2);
  EXPECT_EQ(loop.v[0], 1.0);
  EXPECT_EQ(loop.v[1], 1.0);
}

TEST(LoopRelations, ACycleEndsInTheConsistentChoice) {
  // (p, q) -> (q or not p, p): (true, false) -> (false, true) -> (true, false) cycles; only
  // (true, true) reproduces itself.
  TwoRelations loop(true, false);
  int solves = loop.settle([](bool p, bool q) { return std::pair{q || !p, p}; });
  EXPECT_EQ(loop.v[0], 1.0);
  EXPECT_EQ(loop.v[1], 1.0);
  EXPECT_LE(solves, 2 + 3) << "two solves show the cycle; at most the three other choices follow";
}

TEST(LoopRelations, WithoutAConsistentChoiceTheLastSolveUsesWhereTheIterationStood) {
  // (p, q) -> (not p, q): no choice reproduces itself.
  TwoRelations loop(true, false);
  int solves = loop.settle([](bool p, bool q) { return std::pair{!p, q}; });
  EXPECT_LT(solves, 100) << "the search ends";
  // The iteration stood at (true, false) when the cycle showed (solved from there: (false,
  // false)); the search found nothing, so the loop is solved once more from (true, false).
  EXPECT_EQ(loop.v[0], 0.0);
  EXPECT_EQ(loop.v[1], 0.0);
}

TEST(LoopRelations, AFailedSolveOutsideTheSearchEndsTheSettling) {
  TwoRelations loop(false, false);
  AlgebraicSolver solver(loop.model);
  LoopRelations relations(loop.model, solver);
  relations.beforeSolve(loop.instance, 0);
  EXPECT_NE(solver.solve(&loop.instance, 7, nullptr, nullptr, nullptr), 0) << "no loop 7";
  loop.v[0] = 1.0;
  EXPECT_FALSE(relations.settle(loop.instance, 0));
  EXPECT_TRUE(solver.takeFirstFailure().has_value()) << "the failure stays for the simulator";
}

} // namespace
