// The model's analytic Jacobian in the integrators: the same solution as difference quotients
// on a stiff linear ODE at fewer derivative evaluations, and KLU on a 10,000-state chain whose
// dense Jacobian would take 800 MB.
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::runtime::test {
namespace {

double exactY1(double t) { return (1 - 1.0 / 999) * std::exp(-1000 * t) + std::exp(-t) / 999; }

SimulationOptions stiffOptions(const char* solver) {
  SimulationOptions options;
  options.stopTime = 2.0;
  options.interval = 0.02;
  options.tolerance = 1e-8;
  options.solver = solver;
  return options;
}

class StiffLinear : public ::testing::TestWithParam<const char*> {};

TEST_P(StiffLinear, AnalyticJacobianMatchesDifferencesWithFewerEvaluations) {
  SimulationRun analytic = simulateToTable(*mocc_test_stiff_linear(1), stiffOptions(GetParam()));
  SimulationRun differenced = simulateToTable(*mocc_test_stiff_linear(0), stiffOptions(GetParam()));
  ASSERT_EQ(analytic.result.outcome, Outcome::Finished) << analytic.result.message;
  ASSERT_EQ(differenced.result.outcome, Outcome::Finished) << differenced.result.message;
  EXPECT_EQ(analytic.result.statistics.jacobian, "analytic, dense");
  EXPECT_EQ(differenced.result.statistics.jacobian, "finite differences, dense");
  // The fallback is reported, once, at the start; the analytic run has nothing to say.
  EXPECT_TRUE(analytic.result.notes.empty());
  ASSERT_EQ(differenced.result.notes.size(), 1u);
  EXPECT_EQ(differenced.result.notes[0].time, 0.0);
  EXPECT_EQ(differenced.result.notes[0].message,
            "the model has no analytic Jacobian: the integrator approximates it by finite "
            "differences");
  // At rtol = atol = 1e-8 BDF's global error on the slow mode grows to about 15 tolerances
  // (1.4e-7 measured with CVODE; the fast mode has decayed by the first output point):
  // 5e-7 leaves a factor 3.
  for (const SimulationRun* run : {&analytic, &differenced})
    for (std::size_t r = 0; r < run->table.rows().size(); ++r) {
      double t = run->table.rows()[r].time;
      EXPECT_NEAR(run->table.value(r, "y1"), exactY1(t), 5e-7) << "t = " << t;
      EXPECT_NEAR(run->table.value(r, "y2"), std::exp(-t), 5e-7) << "t = " << t;
    }
  EXPECT_GT(analytic.result.statistics.jacobianEvaluations, 0);
  // Differences cost one extra derivative evaluation per state and Jacobian.
  EXPECT_LT(analytic.result.statistics.rhsEvaluations,
            differenced.result.statistics.rhsEvaluations);
}

INSTANTIATE_TEST_SUITE_P(Solvers, StiffLinear, ::testing::Values("cvode", "ida"));

double poisson(int i, double t) { return std::exp(i * std::log(t) - t - std::lgamma(i + 1.0)); }

class SparseChain : public ::testing::TestWithParam<const char*> {};

TEST_P(SparseChain, TenThousandStatesUseKluAndFinishQuickly) {
  constexpr int size = 10000;
  const mocc_model& model = *mocc_test_chain(size);
  SimulationOptions options;
  options.stopTime = 10.0;
  options.interval = 5.0;
  options.tolerance = 1e-8;
  options.solver = GetParam();
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.result.statistics.jacobian, "analytic, sparse (KLU)");
  std::size_t last = run.table.rows().size() - 1;
  ASSERT_EQ(run.table.rows()[last].time, 10.0);
  // rtol = atol = 1e-8 bound each step's error by 1e-8*(|x| + 1); the global error of this
  // contracting chain stays within a hundred of those. The components checked are those far
  // above atol (x[0] = e^-10 = 4.5e-5 is the smallest), where that bound is a relative one:
  // beyond x[25] the values fall below atol and the solver promises nothing about them.
  for (int i : {0, 1, 5, 10, 15, 20}) {
    double exact = poisson(i, 10.0);
    EXPECT_NEAR(run.table.value(last, "x[" + std::to_string(i) + "]"), exact,
                100 * 1e-8 * (std::abs(exact) + 1))
        << "x[" << i << "]";
  }
  // A dense 10000 x 10000 Newton matrix would need 800 MB and minutes per factorisation;
  // with KLU the run takes well under a second on the reference machine.
  EXPECT_LT(run.result.statistics.wallSeconds, 10.0);
}

INSTANTIATE_TEST_SUITE_P(Solvers, SparseChain, ::testing::Values("cvode", "ida"));

} // namespace
} // namespace mocc::runtime::test
