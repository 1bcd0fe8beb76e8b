// ZenoDetector (runtime/src/zeno_detector.h) on event sequences made by hand: a geometric
// accumulation, periodic events, a run that stops shrinking, and a chattering crossing.
#include "zeno_detector.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using mocc::runtime::ZenoDetector;
using mocc::runtime::ZenoFinding;

namespace {

// Feeds the events of crossing 0 (direction -1) at `times`; returns the first finding and the
// index of the event that produced it.
std::pair<std::optional<ZenoFinding>, std::size_t>
feed(ZenoDetector& detector, const std::vector<double>& times, int direction = -1) {
  std::vector<int> fired{direction, 0};
  for (std::size_t k = 0; k < times.size(); ++k)
    if (auto finding = detector.record(times[k], fired)) return {finding, k};
  return {std::nullopt, times.size()};
}

// Bounces of a ball: intervals d r^k accumulating at t0 + d/(1 - r).
std::vector<double> geometric(double t0, double d, double r, int n) {
  std::vector<double> times;
  double t = t0;
  for (int k = 0; k < n; ++k, d *= r)
    times.push_back(t += d);
  return times;
}

} // namespace

TEST(ZenoDetector, FindsAGeometricAccumulationOnceItIsWithinTheHorizon) {
  ZenoDetector detector;
  const double r = 0.5, d = 1.0;
  auto [finding, at] = feed(detector, geometric(0.0, d, r, 60));
  ASSERT_TRUE(finding);
  EXPECT_FALSE(finding->chattering);
  EXPECT_NEAR(finding->ratio, r, 1e-12);
  // Event k is at 2 - 2^-k, after an interval 2^-k; the remaining time interval * r/(1 - r) =
  // 2^-k is within 1e-6 * max(1, t) = 2e-6 (t near 2) first for k = 19 (2^-19 = 1.9e-6).
  EXPECT_NEAR(finding->accumulationPoint, 2.0, 1e-12);
  EXPECT_EQ(at, 19u);
  EXPECT_EQ(finding->crossings, std::set<int>{0});
  EXPECT_EQ(finding->events, 20);
}

TEST(ZenoDetector, PeriodicOrGrowingIntervalsAreNotZeno) {
  ZenoDetector periodic;
  std::vector<double> sampled;
  for (int k = 1; k <= 500; ++k)
    sampled.push_back(k * 1e-9); // a sample period far below the horizon: not an accumulation
  EXPECT_FALSE(feed(periodic, sampled).first);
  ZenoDetector growing;
  EXPECT_FALSE(feed(growing, geometric(0.0, 1e-7, 1.1, 100)).first);
}

TEST(ZenoDetector, ARunMustNotGrowOnTheWay) {
  // Shrinking intervals interrupted every 5 events by a longer one never make a run of 10.
  ZenoDetector detector;
  std::vector<double> times;
  double t = 0, d = 1e-3;
  for (int k = 0; k < 200; ++k) {
    d = (k % 5 == 4) ? 1e-3 : d * 0.5;
    times.push_back(t += d);
  }
  EXPECT_FALSE(feed(detector, times).first);
}

TEST(ZenoDetector, FindsAChatteringCrossing) {
  ZenoDetector detector;
  std::optional<ZenoFinding> finding;
  int direction = 1;
  for (int k = 0; k < 100 && !finding; ++k, direction = -direction)
    finding = detector.record(1.0 + k * 1e-8, std::vector<int>{0, direction});
  ASSERT_TRUE(finding);
  EXPECT_TRUE(finding->chattering);
  EXPECT_EQ(finding->crossings, std::set<int>{1});
  EXPECT_EQ(finding->run, 50);
}
