// EventLocatingIntegrator (runtime/src/event_locator.h) with the crossing rates an OdeSystem
// gives analytically (the compiler's symbolic ones) or not at all: each locator finds the same
// roots either way, and a rate the system gives is used instead of differencing.
#include "event_locator.h"

#include <gtest/gtest.h>

#include <algorithm>
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

/// y' = 1 from y(0) = 0, with three roots close together: g_k = y - 1/2 - d_k for
/// d = (0, 2e-9, 5e-9), crossing upwards at t = 1/2 + d_k, and a fourth far away (y - 3/4).
class CloseRoots final : public OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 4; }
  CallbackStatus derivatives(double, std::span<const double>, std::span<double> dy) override {
    dy[0] = 1;
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double> y, std::span<double> g) override {
    for (int k = 0; k < 3; ++k)
      g[static_cast<std::size_t>(k)] = y[0] - 0.5 - offsets[k];
    g[3] = y[0] - 0.75;
    return CallbackStatus::Ok;
  }
  CallbackStatus rootRates(double, std::span<const double>, std::span<double> rates) override {
    std::fill(rates.begin(), rates.end(), 1.0);
    return CallbackStatus::Ok;
  }
  static constexpr double offsets[3] = {0.0, 2e-9, 5e-9};
};

struct Event {
  double time;
  std::vector<int> directions;
  std::vector<double> rootTimes;
};

std::vector<Event> eventsOf(EventConcurrency concurrency) {
  CloseRoots system;
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-8;
  settings.solverRootFinding = false;
  EventLocatingIntegrator integrator(makeIntegrator("rk45", system, settings), system,
                                     LocatorMethod::Illinois, settings, concurrency);
  std::vector<double> y{0.0};
  integrator.reinitialize(0.0, y);
  std::vector<Event> events;
  for (int guard = 0; guard < 10; ++guard) {
    AdvanceResult r = integrator.advance(1.0, 1.0);
    if (r.reason != AdvanceReason::Root) break;
    events.push_back({r.time,
                      {r.rootDirections.begin(), r.rootDirections.end()},
                      {r.rootTimes.begin(), r.rootTimes.end()}});
    y.assign(r.state.begin(), r.state.end());
    integrator.reinitialize(r.time, y);
  }
  return events;
}

// rk45 integrates y = t exactly, so roots are located to the location tolerance (~1e-13 s).
TEST(RegionOfConcurrency, WithoutAWindowEveryCloseRootIsItsOwnEvent) {
  std::vector<Event> events = eventsOf({});
  ASSERT_EQ(events.size(), 4u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(events[static_cast<std::size_t>(k)].time, 0.5 + CloseRoots::offsets[k], 1e-12);
    EXPECT_EQ(events[static_cast<std::size_t>(k)].directions,
              (std::vector<int>{k == 0, k == 1, k == 2, 0}));
  }
}

TEST(RegionOfConcurrency, RootsWithinTheWindowMakeOneEventAtTheLatest) {
  std::vector<Event> events = eventsOf({1e-8});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_NEAR(events[0].time, 0.5 + 5e-9, 1e-12);
  EXPECT_EQ(events[0].directions, (std::vector<int>{1, 1, 1, 0}));
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR(events[0].rootTimes[static_cast<std::size_t>(k)], 0.5 + CloseRoots::offsets[k],
                1e-12)
        << "each crossing keeps its own located time";
  EXPECT_TRUE(std::isnan(events[0].rootTimes[3]));
  EXPECT_NEAR(events[1].time, 0.75, 1e-12) << "a root outside the window is an event of its own";
}

TEST(RegionOfConcurrency, TheAmplitudeBoundsHowFarAnEarlierRootHasPassedZero) {
  // At t = 1/2 + 5e-9 the first function is 5e-9 past zero, more than the amplitude 4e-9: the
  // event happens at the second root (the first has passed by 2e-9), the third is one of its own.
  std::vector<Event> events = eventsOf({1e-8, 4e-9});
  ASSERT_EQ(events.size(), 3u);
  EXPECT_NEAR(events[0].time, 0.5 + 2e-9, 1e-12);
  EXPECT_EQ(events[0].directions, (std::vector<int>{1, 1, 0, 0}));
  EXPECT_NEAR(events[1].time, 0.5 + 5e-9, 1e-12);
  EXPECT_EQ(events[1].directions, (std::vector<int>{0, 0, 1, 0}));
}

} // namespace
} // namespace mocc::runtime
