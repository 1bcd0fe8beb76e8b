// --solver ida: the residual form of a semi-explicit index-1 DAE with its loop opened (IDA
// solves the algebraic unknown), the bouncing ball through the shared event loop with the
// same bounce times as the closed form, and the integrator on its own.
#include "mocc/runtime/ida_integrator.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::runtime::test {
namespace {

TEST(Ida, SolvesTheIndexOneDaeWithItsAlgebraicUnknown) {
  const mocc_model& model = *mocc_test_cubic_dae();
  SimulationOptions options = defaultOptions(model); // 0 to 2, tolerance 1e-10
  options.solver = "ida";
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  // BDF at rtol = atol = 1e-10 on exp(-t): the global error stays within a few hundred
  // tolerances over [0, 2]; 1e-7 leaves a margin.
  for (std::size_t r = 0; r < run.table.rows().size(); ++r) {
    double t = run.table.rows()[r].time;
    EXPECT_NEAR(run.table.value(r, "x"), std::exp(-t), 1e-7) << "t = " << t;
    EXPECT_NEAR(run.table.value(r, "z"), -std::exp(-t), 1e-7) << "t = " << t;
  }
  const Statistics& work = run.result.statistics;
  EXPECT_GT(work.steps, 0);
  EXPECT_GT(work.rhsEvaluations, 0);
  EXPECT_GT(work.nonlinearIterations, 0);
  // z is IDA's unknown; the model's Jacobian covers only dx/dx, so IDA differences.
  EXPECT_EQ(work.jacobian, "finite differences, dense");
}

TEST(Ida, AgreesWithCvodeOnTheSolvedForm) {
  const mocc_model& model = *mocc_test_cubic_dae();
  SimulationOptions options = defaultOptions(model);
  SimulationRun cvode = simulateToTable(model, options);
  options.solver = "ida";
  SimulationRun ida = simulateToTable(model, options);
  ASSERT_EQ(cvode.result.outcome, Outcome::Finished) << cvode.result.message;
  ASSERT_EQ(ida.result.outcome, Outcome::Finished) << ida.result.message;
  ASSERT_EQ(cvode.table.rows().size(), ida.table.rows().size());
  std::size_t last = ida.table.rows().size() - 1;
  EXPECT_NEAR(ida.table.value(last, "x"), cvode.table.value(last, "x"), 1e-8);
  // CVODE solved the loop by Newton in every derivative evaluation; IDA opened it.
  EXPECT_GT(cvode.result.statistics.algebraicSolves, ida.result.statistics.algebraicSolves);
}

TEST(Ida, TheBouncingBallBouncesAtTheClosedFormTimes) {
  const mocc_model& model = *mocc_test_bouncing_ball();
  SimulationOptions options = defaultOptions(model); // 0 to 18 s, tolerance 1e-10
  options.solver = "ida";
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::vector<double> bounces;
  for (std::size_t i : eventPairs(run.table))
    if (run.table.value(i, "v") < 0 && run.table.value(i + 1, "v") > 0)
      bounces.push_back(run.table.rows()[i].time);
  // As with CVODE (event_loop_test.cpp): h is quadratic between bounces, so what remains is
  // root location and rounding, far below 1e-6 at tolerance 1e-10.
  ASSERT_EQ(bounces.size(), 10u);
  double fallTime = std::sqrt(2.0 * 10.0 / 9.81), geometricSum = 0.0;
  for (int m = 1; m <= 10; ++m) {
    geometricSum += std::pow(0.9, m - 1);
    EXPECT_NEAR(bounces[m - 1], fallTime * (-1.0 + 2.0 * geometricSum), 1e-6) << "bounce " << m;
  }
  EXPECT_GE(run.result.statistics.stateEvents, 10);
}

/// y' = -y with the root function y - 0.5: IDA on its own through the Integrator interface.
class Decay final : public OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 1; }
  CallbackStatus derivatives(double, std::span<const double> y, std::span<double> dy) override {
    dy[0] = -y[0];
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double> y, std::span<double> g) override {
    g[0] = y[0] - 0.5;
    return CallbackStatus::Ok;
  }
};

TEST(IdaIntegrator, LocatesRootsStopsAtStopTimesAndInterpolates) {
  Decay system;
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-10;
  IdaIntegrator integrator(system, settings);
  EXPECT_EQ(integrator.name(), "ida");
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(2.0, 10.0);
  ASSERT_EQ(step.reason, AdvanceReason::Root);
  EXPECT_NEAR(step.time, std::log(2.0), 1e-8);
  EXPECT_EQ(step.rootDirections[0], -1);
  integrator.reinitialize(step.time, std::vector<double>{step.state[0]});
  step = integrator.advance(2.0, 1.5);
  EXPECT_EQ(step.reason, AdvanceReason::ReachedStopTime);
  EXPECT_EQ(step.time, 1.5); // bitwise: time events must be hit exactly
  EXPECT_NEAR(step.state[0], std::exp(-1.5), 1e-8);
  std::vector<double> dense(1);
  integrator.denseOutput(1.5, dense);
  EXPECT_EQ(dense[0], step.state[0]);
  EXPECT_GT(integrator.statistics().steps, 0);
}

/// Decay with an algebraic unknown z that its residual leaves free (h = 0 whatever z is, as
/// semiLinear(m_flow, h_a, h_b) leaves an enthalpy at zero flow): the residual form has a
/// singular Newton matrix, while the ODE form, which solves its loops itself, is y' = -y.
class DecayWithAFreeUnknown final : public OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 0; }
  CallbackStatus derivatives(double, std::span<const double> y, std::span<double> dy) override {
    dy[0] = -y[0];
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double>, std::span<double>) override {
    return CallbackStatus::Ok;
  }
  int algebraicSize() const override { return 1; }
  void algebraicValues(std::span<double> z) override { std::fill(z.begin(), z.end(), 0.0); }
  CallbackStatus residualForm(double, std::span<const double> y, std::span<const double>,
                              std::span<double> dy, std::span<double> h) override {
    ++residualFormCalls;
    dy[0] = -y[0];
    h[0] = 0.0;
    return CallbackStatus::Ok;
  }
  int residualFormCalls = 0;
};

TEST(IdaIntegrator, ALoopIdaCannotMakeConsistentIsSolvedInsideTheResidual) {
  DecayWithAFreeUnknown system;
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-10;
  IdaIntegrator integrator(system, settings);
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(10.0, 1.0);
  EXPECT_GT(system.residualFormCalls, 0); // the opened form was tried first
  ASSERT_EQ(step.reason, AdvanceReason::ReachedStopTime);
  // As for the index-1 DAE above: BDF at 1e-10 on exp(-t) stays within 1e-7 over [0, 1].
  EXPECT_NEAR(step.state[0], std::exp(-1.0), 1e-7);
  int opened = system.residualFormCalls;
  integrator.reinitialize(step.time, std::vector<double>{step.state[0]});
  step = integrator.advance(10.0, 2.0);
  EXPECT_NEAR(step.state[0], std::exp(-2.0), 1e-7);
  EXPECT_EQ(system.residualFormCalls, opened); // closed for the rest of the run
}

TEST(IdaIntegrator, FailuresNameTheIdaFunctionFlagAndTime) {
  Decay system;
  IdaIntegrator integrator(system, IntegratorSettings{});
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  std::vector<double> y(1);
  try {
    integrator.denseOutput(0.5, y);
    FAIL() << "no error";
  } catch (const IntegratorError& error) {
    EXPECT_EQ(std::string(error.what()), "denseOutput: no step taken since restart");
  }
  integrator.advance(0.5, 10.0);
  try {
    integrator.denseOutput(-1.0, y); // before the last step
    FAIL() << "no error";
  } catch (const IntegratorError& error) {
    EXPECT_EQ(std::string(error.what()).rfind("IDAGetDky failed at time -1: IDA_BAD_T", 0), 0u)
        << error.what();
  }
  try {
    integrator.denseOutput(5.0, y); // after it: IDA would extrapolate
    FAIL() << "no error";
  } catch (const IntegratorError& error) {
    EXPECT_EQ(std::string(error.what()).rfind("denseOutput: time 5 lies after the last step", 0),
              0u)
        << error.what();
  }
}

} // namespace
} // namespace mocc::runtime::test
