// CvodeIntegrator on its own, through the Integrator interface: interpolated output, exact stop
// times, root location with direction, dense output, statistics summed across restarts, the
// analytic-Jacobian seam, and errors that name the SUNDIALS function, flag and time.
#include "mocc/runtime/cvode_integrator.h"
#include "mocc/runtime/integrator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace mocc::runtime {
namespace {

/// y' = -k y, y(0) = 1, exactly exp(-k t); root function y - 0.5 at t = ln(2)/k.
class Decay final : public OdeSystem {
public:
  explicit Decay(bool analyticJacobian = false, double failAfter = INFINITY)
      : analyticJacobian_(analyticJacobian), failAfter_(failAfter) {}

  int size() const override { return 1; }
  int rootCount() const override { return 1; }
  CallbackStatus derivatives(double t, std::span<const double> y, std::span<double> dy) override {
    if (t > failAfter_) return CallbackStatus::Fatal;
    dy[0] = -k * y[0];
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double> y, std::span<double> g) override {
    g[0] = y[0] - 0.5;
    return CallbackStatus::Ok;
  }
  bool hasJacobian() const override { return analyticJacobian_; }
  CallbackStatus jacobian(double, std::span<const double>, std::span<const double>,
                          DenseMatrixView matrix) override {
    ++jacobianCalls;
    // As ModelOde reports a symbolic entry that is not finite (0/0 through a singular loop).
    matrix(0, 0) = nanJacobian ? std::nan("") : -k;
    return nanJacobian ? CallbackStatus::Recoverable : CallbackStatus::Ok;
  }

  double k = 1.0;
  long jacobianCalls = 0;
  bool nanJacobian = false;

private:
  bool analyticJacobian_;
  double failAfter_;
};

IntegratorSettings tight() {
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-10;
  return settings;
}

// Tolerance for exp(-t) at rtol = atol = 1e-10: BDF's global error on this contracting problem
// stays within a small multiple of the local tolerance; 1e-8 leaves a factor 100.
constexpr double decayAccuracy = 1e-8;

TEST(CvodeIntegrator, AJacobianEntryThatIsNotFiniteIsDifferencedInstead) {
  Decay system(true);
  system.nanJacobian = true;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(1.0, 10.0); // the root at ln 2
  step = integrator.advance(1.0, 10.0);
  EXPECT_EQ(step.reason, AdvanceReason::ReachedOutput);
  EXPECT_NEAR(step.state[0], std::exp(-1.0), decayAccuracy);
  EXPECT_GT(system.jacobianCalls, 0);
}

TEST(CvodeIntegrator, InterpolatesToTheOutputTime) {
  Decay system;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(1.0, 10.0);
  EXPECT_EQ(step.reason, AdvanceReason::Root); // y = 0.5 comes first, at ln 2
  step = integrator.advance(1.0, 10.0);
  EXPECT_EQ(step.reason, AdvanceReason::ReachedOutput);
  EXPECT_EQ(step.time, 1.0);
  EXPECT_NEAR(step.state[0], std::exp(-1.0), decayAccuracy);
  // CV_NORMAL: the integrator stepped past the output time and interpolated back.
  std::vector<double> dense(1);
  integrator.denseOutput(1.0, dense);
  EXPECT_EQ(dense[0], step.state[0]);
}

TEST(CvodeIntegrator, StopsExactlyAtTheStopTime) {
  Decay system;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(10.0, 0.3);
  EXPECT_EQ(step.reason, AdvanceReason::ReachedStopTime);
  EXPECT_EQ(step.time, 0.3); // bitwise: time events must be hit exactly
  EXPECT_NEAR(step.state[0], std::exp(-0.3), decayAccuracy);
}

TEST(CvodeIntegrator, LocatesARootWithItsDirection) {
  Decay system;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(5.0, 5.0);
  ASSERT_EQ(step.reason, AdvanceReason::Root);
  // The root's time error is the state error divided by |y'| = 0.5 at the root.
  EXPECT_NEAR(step.time, std::log(2.0), 2 * decayAccuracy);
  ASSERT_EQ(step.rootDirections.size(), 1u);
  EXPECT_EQ(step.rootDirections[0], -1);
}

TEST(CvodeIntegrator, SumsStatisticsAcrossReinitialization) {
  Decay system;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  integrator.advance(0.6, 0.6);
  IntegratorStatistics first = integrator.statistics();
  integrator.reinitialize(0.6, std::vector<double>{std::exp(-0.6)});
  EXPECT_EQ(integrator.statistics().steps, first.steps); // nothing lost, nothing doubled
  integrator.advance(1.2, 1.2);
  IntegratorStatistics both = integrator.statistics();

  // The second segment alone, on a fresh integrator, does the same work.
  Decay freshSystem;
  CvodeIntegrator fresh(freshSystem, tight());
  fresh.reinitialize(0.6, std::vector<double>{std::exp(-0.6)});
  fresh.advance(1.2, 1.2);
  IntegratorStatistics second = fresh.statistics();

  EXPECT_GT(first.steps, 0);
  EXPECT_EQ(both.steps, first.steps + second.steps);
  EXPECT_EQ(both.rhsEvaluations, first.rhsEvaluations + second.rhsEvaluations);
  EXPECT_EQ(both.jacobianEvaluations, first.jacobianEvaluations + second.jacobianEvaluations);
  EXPECT_EQ(both.rootEvaluations, first.rootEvaluations + second.rootEvaluations);
  EXPECT_EQ(both.errorTestFailures, first.errorTestFailures + second.errorTestFailures);
}

TEST(CvodeIntegrator, UsesTheAnalyticJacobianWhenTheSystemHasOne) {
  Decay system(/*analyticJacobian=*/true);
  system.k = 50.0; // stiff enough for Newton to need Jacobians
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult step = integrator.advance(0.1, 0.1);
  while (step.reason == AdvanceReason::Root)
    step = integrator.advance(0.1, 0.1); // y = 0.5
  EXPECT_NEAR(step.state[0], std::exp(-5.0), decayAccuracy);
  EXPECT_GT(system.jacobianCalls, 0);
  EXPECT_EQ(integrator.statistics().jacobianEvaluations, system.jacobianCalls);
}

TEST(CvodeIntegrator, FailureNamesFunctionFlagAndTime) {
  Decay system(false, /*failAfter=*/0.25);
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  try {
    integrator.advance(0.2, 0.2);
    integrator.advance(1.0, 1.0);
    FAIL() << "a fatal derivative callback must stop the integration";
  } catch (const IntegratorError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("CVode failed at time"), std::string::npos) << message;
    EXPECT_NE(message.find("CV_RHSFUNC_FAIL"), std::string::npos) << message;
    EXPECT_GE(error.time(), 0.2);
    EXPECT_LE(error.time(), 0.25);
  }
}

TEST(CvodeIntegrator, TooMuchWorkIsAnError) {
  Decay system;
  IntegratorSettings settings = tight();
  settings.maxSteps = 3;
  CvodeIntegrator integrator(system, settings);
  integrator.reinitialize(0.0, std::vector<double>{1.0});
  try {
    integrator.advance(0.5, 0.5);
    FAIL() << "three steps cannot reach 0.5 at tolerance 1e-10";
  } catch (const IntegratorError& error) {
    EXPECT_NE(std::string(error.what()).find("CV_TOO_MUCH_WORK"), std::string::npos)
        << error.what();
  }
}

TEST(CvodeIntegrator, ATargetWithinAFewUlpsReturnsAtOnce) {
  Decay system;
  CvodeIntegrator integrator(system, tight());
  integrator.reinitialize(0.3, std::vector<double>{0.75});
  double next = std::nextafter(0.3, 1.0);
  AdvanceResult step = integrator.advance(1.0, next);
  EXPECT_EQ(step.reason, AdvanceReason::ReachedStopTime);
  EXPECT_EQ(step.time, next);
  EXPECT_EQ(step.state[0], 0.75);
  EXPECT_EQ(integrator.statistics().steps, 0);
}

TEST(Integrators, UnknownSolverListsTheAvailableOnes) {
  Decay system;
  EXPECT_NE(makeIntegrator("cvode", system, tight()), nullptr);
  try {
    makeIntegrator("leapfrog", system, tight());
    FAIL() << "leapfrog does not exist";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("available: cvode"), std::string::npos);
  }
}

} // namespace
} // namespace mocc::runtime
