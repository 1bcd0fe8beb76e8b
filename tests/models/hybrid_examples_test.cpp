// State events in both directions, sampled systems and time events against closed forms.
#include "model_test_support.h"

#include <cmath>
#include <numbers>

using namespace mocc::test;

TEST(Relay, IntegratesTheSquareWaveOfSinTime) {
  // u = sign(sin t), so x(t) is the triangle wave with x(k pi) = 0 or pi. With the relation
  // frozen between events, x is piecewise linear and integrated exactly; its error is twice
  // the error of the switching times, which CVODE locates to ~100 roundoffs of t. 1e-9 leaves
  // room for the rounding of the ~10^3 steps and still detects a switch missed by 1e-9 s.
  CsvTable table = simulate(example("Relay.mo"), "");
  std::size_t t = table.column("time"), x = table.column("x");
  const double pi = std::numbers::pi;
  for (const auto& row : table.rows) {
    double phase = std::fmod(row[t], 2 * pi);
    double expected = phase <= pi ? phase : 2 * pi - phase;
    EXPECT_NEAR(row[x], expected, 1e-9) << "t = " << row[t];
  }
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 3u); // pi, 2 pi, 3 pi before t = 10
  for (int k = 1; k <= 3; ++k)
    EXPECT_NEAR(events[k - 1], k * pi, 1e-9);
}

TEST(SampledControl, FollowsTheZeroOrderHoldRecursion) {
  // x' = -x + u with u = -K x(t_k) held on [t_k, t_k + T): exactly
  // x(t_{k+1}) = a x(t_k) with a = e^{-T} - K (1 - e^{-T}), and samples = k + 1 after the
  // sample at t_k = k T (the first one at the start time). The ODE contracts (x' = -x + u),
  // so local errors do not grow: the global error is at most the sum of the local ones, each
  // below tolerance * (1 + |x|) <= 2e-10, over fewer than 500 steps: 1e-7.
  CsvTable table = simulate(example("SampledControl.mo"), "");
  const double T = 0.1, K = 2;
  const double a = std::exp(-T) - K * (1 - std::exp(-T));
  std::size_t t = table.column("time"), x = table.column("x"), n = table.column("samples");
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 20u); // 0.1 ... 2.0 (t = 0 is part of initialization)
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    double k = std::round(row[t] / T);
    if (row[t] != k * T && i > 0) continue; // not a sample instant
    bool left = i + 1 < table.rows.size() && table.rows[i + 1][t] == row[t];
    EXPECT_NEAR(row[x], std::pow(a, k), 1e-7) << "t = " << row[t];
    EXPECT_EQ(row[n], left ? k : k + 1) << "t = " << row[t];
  }
}

TEST(SampledControl, SampleInstantsAreHitExactly) {
  CsvTable table = simulate(example("SampledControl.mo"), "");
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 20u); // samples at 0.1 ... 2.0 (the one at 0 is initialization)
  for (std::size_t k = 0; k < events.size(); ++k) {
    EXPECT_EQ(events[k], 0.0 + static_cast<double>(k + 1) * 0.1) << "sample " << k + 1;
  }
}

TEST(TankFill, StateEventAtTheKnownTimeAndTimeEventExactly) {
  // h = q t reaches the level 1 at t = 2 (a state event located to the root tolerance); the
  // drain opens at exactly t = 3 (a time event, never located as a root). Both segments are
  // linear in t, integrated exactly up to rounding.
  CsvTable table = simulate(example("TankFill.mo"), "");
  std::vector<double> events = table.eventTimes();
  // Events: the switch at 2, the drain at exactly 3, and h falling back through the level
  // just after 3 (the relation h >= level changes; the when-clause does not fire again).
  ASSERT_EQ(events.size(), 3u);
  EXPECT_NEAR(events[0], 2.0, 1e-9);
  EXPECT_EQ(events[1], 3.0);
  EXPECT_NEAR(events[2], 3.0, 1e-9);
  std::size_t t = table.column("time"), h = table.column("h"), full = table.column("full");
  for (const auto& row : table.rows) {
    double expected = row[t] <= 2 ? 0.5 * row[t] : row[t] <= 3 ? 1.0 : 1 - 0.25 * (row[t] - 3);
    EXPECT_NEAR(row[h], expected, 1e-9) << "t = " << row[t];
    if (row[t] > 2.0 + 1e-9) {
      EXPECT_EQ(row[full], 1) << "t = " << row[t];
    }
    if (row[t] < 2.0 - 1e-9) {
      EXPECT_EQ(row[full], 0) << "t = " << row[t];
    }
  }
}
