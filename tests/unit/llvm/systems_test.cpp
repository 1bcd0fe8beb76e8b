// Algebraic loops through the JIT: Solve statements call the runtime's mocc_solve_system with
// the generated residual and Jacobian functions. Linear and torn nonlinear loops against their
// closed forms, finite differences against the analytic Jacobian, a loop without a solution,
// and the emitted IR.
#include "loop_programs.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::backend::jit::test {
namespace {

/// The notes about algebraic loops (the hand-built programs have no ODE Jacobian either, which
/// the runtime notes separately).
std::vector<runtime::SimulationNote> loopNotes(const runtime::SimulationResult& result) {
  std::vector<runtime::SimulationNote> notes;
  for (const runtime::SimulationNote& note : result.notes)
    if (note.message.find("system of") != std::string::npos) notes.push_back(note);
  return notes;
}

TEST(AlgebraicLoops, ALinearLoopIsSolvedInOneNewtonStep) {
  LinearLoop loop;
  auto compiled = compileOrFail(loop.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  ASSERT_EQ(model.n_systems, 1);
  EXPECT_EQ(model.systems[0].size, 2);
  EXPECT_EQ(model.systems[0].linear, 1);
  EXPECT_EQ(model.systems[0].n_jacobian, 4);
  EXPECT_STREQ(model.variables[model.systems[0].unknowns[1]].name, "y");
  Instance instance(model);
  instance.x[0] = 5;
  model.derivatives(instance.get());
  EXPECT_DOUBLE_EQ(instance.v[slot(loop.m.program, loop.x)], 1.0); // (5 + 2) / 7
  EXPECT_DOUBLE_EQ(instance.v[slot(loop.m.program, loop.y)], 2.0);
  EXPECT_DOUBLE_EQ(instance.dx[0], 1.0);
  const runtime::AlgebraicStatistics& work = instance.services.solver().statistics();
  EXPECT_EQ(work.solves, 1);
  EXPECT_EQ(work.iterations, 1);
  EXPECT_EQ(work.failures, 0);
}

TEST(AlgebraicLoops, ALinearLoopSimulatesToItsClosedForm) {
  LinearLoop loop;
  auto compiled = compileOrFail(loop.m.program);
  ASSERT_TRUE(compiled);
  runtime::ResultTable table;
  runtime::SimulationResult result = simulateModel(compiled->model(), 1.0, table);
  ASSERT_EQ(result.outcome, runtime::Outcome::Finished) << result.message;
  // rtol = atol = 1e-10 on a smooth growth by e^(1/7): the global error stays below 1e-8.
  EXPECT_NEAR(table.value(table.rows().size() - 1, "s"), LinearLoop::exact(1.0), 1e-8);
  EXPECT_NEAR(table.value(table.rows().size() - 1, "x"), (LinearLoop::exact(1.0) + 2) / 7, 1e-8);
  EXPECT_GT(result.statistics.algebraicSolves, result.statistics.rhsEvaluations);
  EXPECT_TRUE(loopNotes(result).empty()); // the loop's analytic Jacobian was used
}

TEST(AlgebraicLoops, ATornNonlinearLoopConvergesToTheRoot) {
  CircleCubicLoop loop;
  auto compiled = compileOrFail(loop.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  EXPECT_EQ(model.systems[0].linear, 0);
  Instance instance(model);
  instance.v[slot(loop.m.program, loop.x)] = 1.0; // the first guess
  model.derivatives(instance.get());
  double x = instance.v[slot(loop.m.program, loop.x)];
  double y = instance.v[slot(loop.m.program, loop.y)];
  EXPECT_NEAR(x, CircleCubicLoop::root(), 1e-12);
  EXPECT_EQ(y, std::pow(x, 3)); // the inner assignment ran at the returned iterate
  EXPECT_NEAR(x * x + y * y, 1.0, 1e-14);
  EXPECT_EQ(instance.dx[0], y);
  // Newton from 1 converges quadratically: a handful of iterations.
  EXPECT_LE(instance.services.solver().statistics().iterations, 8);
  // Warm start: the next solve from the solution takes at most one step.
  long before = instance.services.solver().statistics().iterations;
  model.derivatives(instance.get());
  EXPECT_LE(instance.services.solver().statistics().iterations - before, 1);
}

TEST(AlgebraicLoops, FiniteDifferencesFindTheSameSolutionAndAreReportedOnce) {
  CircleCubicLoop analytic(true), differenced(false);
  auto withJacobian = compileOrFail(analytic.m.program);
  auto withoutJacobian = compileOrFail(differenced.m.program);
  ASSERT_TRUE(withJacobian && withoutJacobian);
  EXPECT_EQ(withoutJacobian->model().systems[0].n_jacobian, 0);
  runtime::ResultTable a, b;
  runtime::SimulationResult ra = simulateModel(withJacobian->model(), 1.0, a);
  runtime::SimulationResult rb = simulateModel(withoutJacobian->model(), 1.0, b);
  ASSERT_EQ(rb.outcome, runtime::Outcome::Finished) << rb.message;
  std::size_t last = a.rows().size() - 1;
  // Both converge to within the Newton tolerance of 1e-10 (relative) of the root.
  EXPECT_NEAR(a.value(last, "x"), b.value(last, "x"), 1e-9);
  EXPECT_NEAR(b.value(last, "s"), CircleCubicLoop::root() * std::pow(CircleCubicLoop::root(), 2),
              1e-8);
  EXPECT_TRUE(loopNotes(ra).empty());
  ASSERT_EQ(loopNotes(rb).size(), 1u);
  EXPECT_EQ(loopNotes(rb)[0].message,
            "finite differences approximate the Jacobian of nonlinear system of 2 equations at "
            "loop.mo:3:3, torn to 1 iteration variable (no analytic Jacobian)");
}

/// der(s) = -1 from s = 2, and x^2 = s - 1: solvable until time 1, then no real solution.
struct VanishingRoot {
  VanishingRoot() {
    expr::Pool& p = m.pool();
    s = m.addState("s");
    x = m.addValue("x");
    sim::AlgebraicSystem loop;
    loop.description = "nonlinear system of 1 equation at loop.mo:3:3";
    loop.unknowns = {x};
    loop.residuals = {p.sub(p.mul(m.read(x), m.read(x)), p.sub(m.read(s), m.real(1)))};
    loop.jacobian = {p.mul(m.real(2), m.read(x))};
    m.program.systems.push_back(loop);
    m.program.bind = {assign(s, m.real(2)), assign(x, m.real(1))};
    useEverywhere(m.program, {solve(0), assign(s + 1, m.real(-1))});
  }
  TestModel m;
  std::uint32_t s, x;
};

TEST(AlgebraicLoops, ALoopWithoutASolutionNamesItsVariablesResidualAndTime) {
  VanishingRoot loop;
  auto compiled = compileOrFail(loop.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance.x[0] = 0.5; // x^2 = -0.5
  instance.v[slot(loop.m.program, loop.x)] = 0.3;
  instance->time = 1.5;
  model.derivatives(instance.get());
  auto failure = instance.services.solver().takeFirstFailure();
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->time, 1.5);
  EXPECT_NE(failure->message.find("cannot solve nonlinear system of 1 equation at loop.mo:3:3 "
                                  "for x at time 1.5: "),
            std::string::npos)
      << failure->message;
  EXPECT_NE(failure->message.find("; residual norm "), std::string::npos) << failure->message;
  // The start value is given back for the next attempt.
  EXPECT_EQ(instance.v[slot(loop.m.program, loop.x)], 0.3);
}

TEST(AlgebraicLoops, ALoopThatLosesItsSolutionStopsTheRunAndKeepsTheRows) {
  VanishingRoot loop;
  auto compiled = compileOrFail(loop.m.program);
  ASSERT_TRUE(compiled);
  runtime::ResultTable table;
  runtime::SimulationResult result = simulateModel(compiled->model(), 2.0, table, "cvode", 1e-8);
  ASSERT_EQ(result.outcome, runtime::Outcome::Failed);
  EXPECT_NE(result.message.find("cannot solve nonlinear system of 1 equation at loop.mo:3:3 for "
                                "x at time "),
            std::string::npos)
      << result.message;
  EXPECT_NEAR(result.endTime, 1.0, 1e-3);
  ASSERT_GT(table.rows().size(), 10u);
  EXPECT_LT(table.rows().back().time, 1.0);
  EXPECT_NEAR(table.value(table.rows().size() - 1, "x"),
              std::sqrt(table.value(table.rows().size() - 1, "s") - 1), 1e-9);
}

TEST(AlgebraicLoops, TheIRPassesLoopFunctionsToTheRuntimeService) {
  CircleCubicLoop loop;
  std::string error;
  std::string ir = emitIR(loop.m.program, CompileOptions{2}, &error);
  ASSERT_EQ(error, "");
  EXPECT_NE(ir.find("declare i32 @mocc_solve_system(ptr, i32, ptr, ptr, ptr)"), std::string::npos)
      << ir;
  EXPECT_NE(ir.find("@mocc_solve_system(ptr %instance, i32 0, ptr nonnull @mocc_system0_residual,"
                    " ptr nonnull @mocc_system0_jacobian"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("define internal void @mocc_system0_residual("), std::string::npos);
  EXPECT_NE(ir.find("define void @mocc_initialize(ptr"), std::string::npos);
  // Bitwise reproducibility: no fast-math or contraction flags anywhere.
  EXPECT_EQ(ir.find(" fast "), std::string::npos);
  EXPECT_EQ(ir.find("contract"), std::string::npos);
}

TEST(AlgebraicLoops, AMalformedLoopIsACompileError) {
  LinearLoop loop;
  loop.m.program.systems[0].residuals.pop_back();
  std::string error;
  EXPECT_FALSE(compile(loop.m.program, CompileOptions{}, error));
  EXPECT_EQ(error, "cannot compile Test: algebraic loop #0 has 1 residuals for 2 iteration "
                   "variables");
}

} // namespace
} // namespace mocc::backend::jit::test
