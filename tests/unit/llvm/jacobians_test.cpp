// The Jacobian entries of the model ABI: the analytic ODE Jacobian (with the statements it
// reads) handed to CVODE against finite differences on a stiff linear ODE, and the constraint
// Jacobian of a state set.
#include "loop_programs.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::backend::jit::test {
namespace {

/// y1' = -1000 y1 + y2, y2' = -y2, y(0) = (1, 1): y2 = exp(-t) and
/// y1 = (1 - 1/999) exp(-1000 t) + exp(-t)/999.
struct StiffLinear {
  explicit StiffLinear(bool analytic) {
    expr::Pool& p = m.pool();
    y1 = m.addState("y1");
    y2 = m.addState("y2");
    m.program.bind = {assign(y1, m.real(1)), assign(y2, m.real(1))};
    useEverywhere(m.program, {assign(y1 + 1, p.add(p.mul(m.real(-1000), m.read(y1)), m.read(y2))),
                              assign(y2 + 1, p.neg(m.read(y2)))});
    if (analytic)
      m.program.jacobian = {{0, 0, m.real(-1000)}, {0, 1, m.real(1)}, {1, 1, m.real(-1)}};
  }
  static double exactY1(double t) {
    return (1 - 1.0 / 999) * std::exp(-1000 * t) + std::exp(-t) / 999;
  }
  TestModel m;
  std::uint32_t y1, y2;
};

TEST(OdeJacobian, TheAnalyticJacobianAgreesWithDifferencesAtFewerEvaluations) {
  StiffLinear analytic(true), differenced(false);
  auto a = compileOrFail(analytic.m.program);
  auto d = compileOrFail(differenced.m.program);
  ASSERT_TRUE(a && d);
  EXPECT_EQ(a->model().n_jacobian, 3);
  EXPECT_TRUE(a->model().jacobian);
  EXPECT_FALSE(d->model().jacobian);
  runtime::ResultTable ta, td;
  runtime::SimulationResult ra = simulateModel(a->model(), 2.0, ta, "cvode", 1e-8);
  runtime::SimulationResult rd = simulateModel(d->model(), 2.0, td, "cvode", 1e-8);
  ASSERT_EQ(ra.outcome, runtime::Outcome::Finished) << ra.message;
  ASSERT_EQ(rd.outcome, runtime::Outcome::Finished) << rd.message;
  EXPECT_EQ(ra.statistics.jacobian, "analytic, dense");
  EXPECT_EQ(rd.statistics.jacobian, "finite differences, dense");
  // At rtol = atol = 1e-8 BDF's global error on the slow mode grows to about 15 tolerances
  // (1.4e-7 measured; the fast mode has decayed by the first output point): 5e-7 leaves a
  // factor 3.
  for (std::size_t r = 0; r < ta.rows().size(); ++r) {
    double t = ta.rows()[r].time;
    EXPECT_NEAR(ta.value(r, "y1"), StiffLinear::exactY1(t), 5e-7) << "t = " << t;
    EXPECT_NEAR(ta.value(r, "y2"), std::exp(-t), 5e-7) << "t = " << t;
  }
  std::size_t last = ta.rows().size() - 1;
  EXPECT_NEAR(ta.value(last, "y1"), td.value(td.rows().size() - 1, "y1"), 5e-7);
  // Each difference Jacobian costs one derivative evaluation per state.
  EXPECT_GT(ra.statistics.jacobianEvaluations, 0);
  EXPECT_LT(ra.statistics.rhsEvaluations, rd.statistics.rhsEvaluations);
}

TEST(OdeJacobian, EntriesAreEvaluatedAfterTheStatementsTheyRead) {
  // der(x) = -a*x with a = 1 + x^2: d der(x) / d x = -(a + 2 x^2), which reads a.
  TestModel m;
  expr::Pool& p = m.pool();
  std::uint32_t x = m.addState("x");
  std::uint32_t a = m.addValue("a");
  sim::Statement computeA = assign(a, p.add(m.real(1), p.mul(m.read(x), m.read(x))));
  useEverywhere(m.program, {computeA, assign(x + 1, p.neg(p.mul(m.read(a), m.read(x))))});
  m.program.jacobianInputs = {computeA};
  m.program.jacobian = {
      {0, 0, p.neg(p.add(m.read(a), p.mul(m.real(2), p.mul(m.read(x), m.read(x)))))}};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance.x[0] = 2;
  double value = 0;
  compiled->model().jacobian(instance.get(), &value);
  EXPECT_EQ(value, -13.0);
  EXPECT_EQ(compiled->model().jacobian_rows[0], 0);
  EXPECT_EQ(compiled->model().jacobian_columns[0], 0);
}

TEST(OdeJacobian, AnEntryOutsideTheStatesIsACompileError) {
  StiffLinear model(true);
  model.m.program.jacobian.push_back({2, 0, model.m.real(1)});
  std::string error;
  EXPECT_FALSE(compile(model.m.program, CompileOptions{}, error));
  EXPECT_EQ(error, "cannot compile Test: Jacobian entry (2, 0) lies outside the states");
}

TEST(StateSetJacobian, WritesTheConstraintJacobianOfTheRequestedSet) {
  // Candidates x = s (computed) and y = 3 (a value); constraint x^2 + y^2 = L^2.
  TestModel m;
  expr::Pool& p = m.pool();
  std::uint32_t s = m.addState("s");
  std::uint32_t x = m.addValue("x"), y = m.addValue("y");
  std::uint32_t a1 = m.addValue("A[1,1]", expr::Type::Real, sim::Kind::Discrete);
  std::uint32_t a2 = m.addValue("A[1,2]", expr::Type::Real, sim::Kind::Discrete);
  useEverywhere(m.program, {assign(x, m.read(s)), assign(s + 1, m.real(1))});
  sim::StateSet set;
  set.candidates = {x, y};
  set.states = {s};
  set.selection = {a1, a2};
  set.constraintCount = 1;
  set.jacobianInputs = {assign(x, m.read(s))};
  set.constraintJacobian = {p.mul(m.real(2), m.read(x)), p.mul(m.real(2), m.read(y))};
  m.program.stateSets.push_back(set);
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  ASSERT_EQ(model.n_state_sets, 1);
  EXPECT_EQ(model.state_sets[0].n_candidates, 2);
  EXPECT_EQ(model.state_sets[0].n_constraints, 1);
  EXPECT_STREQ(model.variables[model.state_sets[0].candidates[1]].name, "y");
  EXPECT_STREQ(model.variables[model.state_sets[0].selection[0]].name, "A[1,1]");
  Instance instance(model);
  instance.x[0] = 0.5;
  instance.v[slot(m.program, y)] = 3;
  double values[2] = {-1, -1};
  model.state_set_jacobian(instance.get(), 0, values);
  EXPECT_EQ(values[0], 1.0);
  EXPECT_EQ(values[1], 6.0);
  double untouched[2] = {-1, -1};
  model.state_set_jacobian(instance.get(), 1, untouched); // no such set: nothing written
  EXPECT_EQ(untouched[0], -1.0);
}

} // namespace
} // namespace mocc::backend::jit::test
