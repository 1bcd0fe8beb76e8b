// EventLocatingIntegrator (runtime/src/event_locator.h) with the crossing rates an OdeSystem
// gives analytically (the compiler's symbolic ones) or not at all: each locator finds the same
// roots either way, and a rate the system gives is used instead of differencing.
#include "event_locator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace mocc::runtime {
namespace {

/// y' = 1 from y(0) = 0, so y = t, with root functions g0 = y^2 - 1/4 (root at t = 1/2) and
/// g1 = sin(3 y) - 1/2 (roots at t = pi/18 and 5 pi/18). rootRates gives dg/dt = (2 y, 3 cos(3 y))
/// when `analytic`, else NaN; differencing then costs two more evaluations of g per rate.
class TwoRoots final : public OdeSystem {
public:
  explicit TwoRoots(bool analytic) : analytic_(analytic) {}
  int size() const override { return 1; }
  int rootCount() const override { return 2; }
  CallbackStatus derivatives(double, std::span<const double>, std::span<double> dy) override {
    dy[0] = 1;
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double> y, std::span<double> g) override {
    ++rootCalls;
    g[0] = y[0] * y[0] - 0.25;
    g[1] = std::sin(3 * y[0]) - 0.5;
    return CallbackStatus::Ok;
  }
  CallbackStatus rootRates(double, std::span<const double> y, std::span<double> rates) override {
    ++rateCalls;
    double nan = std::numeric_limits<double>::quiet_NaN();
    rates[0] = analytic_ ? 2 * y[0] : nan;
    rates[1] = analytic_ ? 3 * std::cos(3 * y[0]) : nan;
    return CallbackStatus::Ok;
  }
  long rootCalls = 0, rateCalls = 0;

private:
  bool analytic_;
};

struct Located {
  std::vector<double> times;
  long rootCalls, rateCalls;
};

Located locateBoth(LocatorMethod method, bool analytic) {
  TwoRoots system(analytic);
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-8;
  settings.solverRootFinding = false;
  EventLocatingIntegrator integrator(makeIntegrator("rk45", system, settings), system, method,
                                     settings);
  std::vector<double> y{0.0};
  integrator.reinitialize(0.0, y);
  Located located{{}, 0, 0};
  for (int guard = 0; guard < 10; ++guard) {
    AdvanceResult r = integrator.advance(1.0, 1.0);
    if (r.reason != AdvanceReason::Root) break;
    located.times.push_back(r.time);
    std::vector<double> at(r.state.begin(), r.state.end());
    integrator.reinitialize(r.time, at);
  }
  located.rootCalls = system.rootCalls;
  located.rateCalls = system.rateCalls;
  return located;
}

class Locators : public testing::TestWithParam<LocatorMethod> {};

TEST_P(Locators, FindTheSameRootsWithAnalyticOrDifferencedRates) {
  // rk45 integrates y' = 1 exactly, so the location tolerance (about 100 eps) and the methods'
  // stopping rules separate the times from the exact roots: 1e-12 for the root finders; Henon
  // integrates t as a function of g with RK4 to the relative tolerance 1e-8 over the last
  // |g| <~ 1e-2 before the root, 1e-10 in time.
  const double pi = std::acos(-1.0);
  const double exact[] = {pi / 18, 0.5, 5 * pi / 18};
  const double tolerance = GetParam() == LocatorMethod::Henon ? 1e-10 : 1e-12;
  Located analytic = locateBoth(GetParam(), true);
  Located differenced = locateBoth(GetParam(), false);
  for (const Located* located : {&analytic, &differenced}) {
    const char* which = located == &analytic ? "analytic" : "differenced";
    ASSERT_EQ(located->times.size(), 3u) << which;
    for (std::size_t k = 0; k < 3; ++k)
      EXPECT_NEAR(located->times[k], exact[k], tolerance) << which;
    EXPECT_GT(located->rateCalls, 0) << which;
  }
  EXPECT_LT(analytic.rootCalls, differenced.rootCalls)
      << "rates the system gives are not differenced";
}

INSTANTIATE_TEST_SUITE_P(RateUsingMethods, Locators,
                         testing::Values(LocatorMethod::Newton, LocatorMethod::Henon,
                                         LocatorMethod::Trapezoid, LocatorMethod::Brent),
                         [](const auto& info) {
                           switch (info.param) {
                           case LocatorMethod::Newton: return std::string("Newton");
                           case LocatorMethod::Henon: return std::string("Henon");
                           case LocatorMethod::Trapezoid: return std::string("Trapezoid");
                           default: return std::string("Brent");
                           }
                         });

} // namespace
} // namespace mocc::runtime
