// The event loop against closed forms: bounce times of the bouncing ball, a time event hit
// exactly, a sampled zero-order hold, a model without states, output grid times and the
// terminal() pass.
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::runtime::test {
namespace {

TEST(BouncingBall, BounceTimesMatchTheClosedForm) {
  const mocc_model& model = *mocc_test_bouncing_ball();
  SimulationOptions options = defaultOptions(model); // 0 to 18 s, tolerance 1e-10
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;

  // A bounce is a row pair where v jumps from negative to positive; other pairs are the
  // relation h < 0 switching back once the ball has left the ground.
  std::vector<double> bounces;
  for (std::size_t i : eventPairs(run.table)) {
    double before = run.table.value(i, "v"), after = run.table.value(i + 1, "v");
    if (!(before < 0 && after > 0)) continue;
    bounces.push_back(run.table.rows()[i].time);
    EXPECT_EQ(run.table.rows()[i].kind, RowKind::EventLeft);
    EXPECT_EQ(run.table.rows()[i + 1].kind, RowKind::EventRight);
    EXPECT_EQ(after, -0.9 * before); // reinit(v, -e*pre(v)) with pre(v) the left limit
    EXPECT_NEAR(run.table.value(i, "h"), 0.0, 1e-6);
  }

  // t_m = sqrt(2 h0 / g) (-1 + 2 sum_{i<m} e^i); t_10 = 17.2 s < 18 s < t_11 = 18.2 s.
  // Between bounces h is a quadratic in t, which BDF integrates without truncation error;
  // what remains is root location (about 100 ulps of t) and rounding propagated through
  // earlier bounces, far below the 1e-6 asked for at tolerance 1e-10.
  ASSERT_EQ(bounces.size(), 10u);
  double fallTime = std::sqrt(2.0 * 10.0 / 9.81), geometricSum = 0.0;
  for (int m = 1; m <= 10; ++m) {
    geometricSum += std::pow(0.9, m - 1);
    EXPECT_NEAR(bounces[m - 1], fallTime * (-1.0 + 2.0 * geometricSum), 1e-6) << "bounce " << m;
  }
  EXPECT_GE(run.result.statistics.stateEvents, 10);
  EXPECT_EQ(run.result.statistics.timeEvents, 0);
}

TEST(BouncingBall, StartingOnTheGroundMovingDownItBouncesAtOnce) {
  // h(0) = 0 exactly: the crossing function is zero when the integrator starts, so the root
  // finder ignores it; the runtime must evaluate h < 0 for the direction h leaves zero in
  // (down), which fires the when-clause during initialization's event iteration.
  const mocc_model& model = *mocc_test_bouncing_ball();
  SimulationOptions options = defaultOptions(model);
  options.stopTime = 1.0;
  SimulationRun run = simulateToTable(model, options, {{"h", 0.0}, {"v", -1.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.table.value(0, "v"), 0.9); // -e * pre(v) = -0.9 * -1
  // Then a flight of 2 * 0.9 / g seconds and the next bounce (quadratic h: exact up to root
  // location and rounding).
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_FALSE(pairs.empty());
  EXPECT_NEAR(run.table.rows()[pairs[0]].time, 2.0 * 0.9 / 9.81, 1e-9);
  EXPECT_LT(run.table.value(pairs[0], "v"), 0.0);
  EXPECT_GT(run.table.value(pairs[0] + 1, "v"), 0.0);
  for (std::size_t i = 0; i < run.table.rows().size(); ++i)
    EXPECT_GE(run.table.value(i, "h"), -1e-9) << "the ball went through the floor";
}

TEST(TimeEvent, IsHitExactlyAtTheScheduledTime) {
  const mocc_model& model = *mocc_test_time_event();
  SimulationRun run = simulateToTable(model, defaultOptions(model)); // 0 to 1, interval 0.1
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_EQ(pairs.size(), 1u);
  std::size_t left = pairs[0];
  EXPECT_EQ(run.table.rows()[left].time, 1.0 / 3.0); // bitwise the time next_time_event gave
  EXPECT_EQ(run.table.value(left, "d"), 0.0);
  EXPECT_EQ(run.table.value(left + 1, "d"), 2.0);
  EXPECT_EQ(run.table.value(left, "x"), 0.0); // der(x) = 0 before: exactly 0
  EXPECT_EQ(run.result.statistics.timeEvents, 1);
  EXPECT_EQ(run.result.statistics.stateEvents, 0);
  // x = 2 (t - 1/3) is linear in t: every BDF order integrates it exactly, up to rounding.
  EXPECT_NEAR(run.table.rows().back().values[0], 2.0 * (1.0 - 1.0 / 3.0), 1e-12);
  EXPECT_EQ(run.table.rows().back().time, 1.0);
}

TEST(TimeEvent, OutputPointsAreStartPlusKTimesInterval) {
  const mocc_model& model = *mocc_test_time_event();
  SimulationOptions options = defaultOptions(model);
  options.startTime = 0.05;
  options.interval = 0.1;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::vector<double> outputs;
  for (const ResultTable::Row& row : run.table.rows())
    if (row.kind == RowKind::Output) outputs.push_back(row.time);
  // 0.15, 0.25, ..., 0.95 on the grid, then the stop time 1.0 off the grid.
  ASSERT_EQ(outputs.size(), 10u);
  for (int k = 1; k <= 9; ++k)
    EXPECT_EQ(outputs[k - 1], 0.05 + k * 0.1) << k;
  EXPECT_EQ(outputs.back(), 1.0);
  EXPECT_EQ(run.table.rows().front().time, 0.05);
  EXPECT_EQ(run.table.rows().front().kind, RowKind::Initial);
}

TEST(TimeEvent, AnEventOnAnOutputPointGivesOnlyTheEventPair) {
  const mocc_model& model = *mocc_test_time_event();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"T", 0.5}}); // 0.5 = 5 * 0.1
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::size_t atHalf = 0;
  for (const ResultTable::Row& row : run.table.rows())
    atHalf += row.time == 0.5 ? 1 : 0;
  EXPECT_EQ(atHalf, 2u);
  EXPECT_EQ(run.table.rows().size(), 1u + 4u + 2u + 5u); // start, 0.1-0.4, pair, 0.6-1.0
}

TEST(SampledHold, FollowsTheZeroOrderHoldRecursion) {
  const mocc_model& model = *mocc_test_sampled_hold();
  SimulationRun run = simulateToTable(model, defaultOptions(model)); // 0 to 1, T = 0.1
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  // Ticks at t_k = T + k T. Before the first tick y = 0 so x stays 1; after tick k the hold
  // gives y = x(t_k) and der(x) = -y, so x(t_{k+1}) = (1 - T) x(t_k): x(t_k) = 0.9^k.
  // x is linear between ticks, which BDF integrates exactly: only rounding remains.
  std::vector<std::size_t> pairs = eventPairs(run.table);
  int expectedTicks = 0;
  while (0.1 + expectedTicks * 0.1 <= 1.0)
    ++expectedTicks;
  ASSERT_EQ(pairs.size(), static_cast<std::size_t>(expectedTicks));
  for (int k = 0; k < expectedTicks; ++k) {
    std::size_t left = pairs[k];
    EXPECT_EQ(run.table.rows()[left].time, 0.1 + k * 0.1);
    EXPECT_NEAR(run.table.value(left, "x"), std::pow(0.9, k), 1e-12) << "tick " << k;
    EXPECT_EQ(run.table.value(left + 1, "y"), run.table.value(left, "x"));
  }
  EXPECT_EQ(run.result.statistics.timeEvents, expectedTicks);
}

TEST(ZeroStates, SimulatesWithADummyStateInvisibleToResults) {
  const mocc_model& model = *mocc_test_zero_states();
  SimulationRun run = simulateToTable(model, defaultOptions(model)); // 0 to 1, interval 0.1
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  ASSERT_EQ(run.table.columns().size(), 3u); // y, count, late: no dummy
  for (std::size_t i = 0; i < run.table.rows().size(); ++i) {
    double t = run.table.rows()[i].time;
    EXPECT_EQ(run.table.value(i, "y"), std::sin(t));
  }
  EXPECT_EQ(run.table.rows().back().time, 1.0);
  EXPECT_EQ(run.table.value(run.table.rows().size() - 1, "count"), 4.0); // 0.25 ... 1.0
  // late = time > 0.6 is located as a root of time - 0.6 through the dummy state.
  bool found = false;
  for (std::size_t i : eventPairs(run.table))
    if (run.table.value(i, "late") == 0.0 && run.table.value(i + 1, "late") == 1.0) {
      EXPECT_NEAR(run.table.rows()[i].time, 0.6, 1e-12);
      found = true;
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(run.result.statistics.stateEvents, 1);
}

TEST(Terminal, TheTerminalPassWritesARowWhenItChangesSomething) {
  const mocc_model& model = *mocc_test_terminate();
  SimulationRun run =
      simulateToTable(model, defaultOptions(model), {{"limit", 5.0}}); // never reached
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  const auto& rows = run.table.rows();
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows.back().kind, RowKind::Terminal);
  EXPECT_EQ(rows.back().time, 1.0);
  EXPECT_EQ(run.table.value(rows.size() - 1, "n"), 1.0);
  EXPECT_EQ(rows[rows.size() - 2].time, 1.0);
  EXPECT_EQ(run.table.value(rows.size() - 2, "n"), 0.0);
}

TEST(Terminal, NoTerminalRowWhenNothingVisibleChanges) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.table.rows().back().kind, RowKind::Output);
  EXPECT_EQ(run.table.rows().back().time, 1.0);
}

TEST(Decay, MatchesTheExponentialAndCountsTheCrossingOnce) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model)); // tolerance 1e-10
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  // x = exp(-2t). BDF's global error on this contracting problem stays within a small
  // multiple of the 1e-10 tolerance; 1e-8 leaves a factor 100.
  for (std::size_t i = 0; i < run.table.rows().size(); ++i) {
    double t = run.table.rows()[i].time;
    EXPECT_NEAR(run.table.value(i, "x"), std::exp(-2.0 * t), 1e-8) << t;
    EXPECT_EQ(run.table.value(i, "w[1,2]"), 3.0 * run.table.value(i, "x"));
  }
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_EQ(pairs.size(), 1u);
  // Root time error = state error / |x'| = 1e-8 / 1 at x = 0.5.
  EXPECT_NEAR(run.table.rows()[pairs[0]].time, std::log(2.0) / 2.0, 1e-8);
  EXPECT_EQ(run.table.value(pairs[0], "low"), 0.0);
  EXPECT_EQ(run.table.value(pairs[0] + 1, "low"), 1.0);
  EXPECT_EQ(run.table.value(run.table.rows().size() - 1, "crossings"), 1.0);
}

// knee.cpp: at the located root the event iteration reads its relation's function from a loop
// solution on the old side of zero (by the loop's tolerance, 1e-12) while the crossing function
// is on the new one. The relation must still switch there: once the root is behind, nothing
// would ever switch it (off stayed true to the stop time).
TEST(Knee, ARelationLeftOnTheOldSideByALoopsToleranceSwitchesAtItsRoot) {
  const mocc_model& model = *mocc_test_knee();
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_EQ(pairs.size(), 1u);
  // x = t - 0.5 is integrated exactly (x' = 1); the root is located to 100 eps (|t| + |h|).
  EXPECT_NEAR(run.table.rows()[pairs[0]].time, 0.5, 1e-12);
  EXPECT_EQ(run.table.value(pairs[0], "off"), 1.0);
  EXPECT_EQ(run.table.value(pairs[0] + 1, "off"), 0.0);
  std::size_t last = run.table.rows().size() - 1;
  EXPECT_EQ(run.table.value(last, "off"), 0.0);
  EXPECT_EQ(run.table.value(last, "switches"), 1.0);
}

TEST(Options, DefaultsComeFromTheExperimentAnnotation) {
  SimulationOptions ball = defaultOptions(*mocc_test_bouncing_ball());
  EXPECT_EQ(ball.startTime, 0.0);
  EXPECT_EQ(ball.stopTime, 18.0);
  EXPECT_EQ(ball.tolerance, 1e-10);
  EXPECT_EQ(ball.interval, 18.0 / 500.0);
  SimulationOptions toggle = defaultOptions(*mocc_test_toggle()); // no annotation
  EXPECT_EQ(toggle.startTime, 0.0);
  EXPECT_EQ(toggle.stopTime, 1.0);
  EXPECT_EQ(toggle.tolerance, 1e-6);
  EXPECT_EQ(toggle.interval, 1.0 / 500.0);
}

TEST(Statistics, CountWorkEventsAndRows) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  const Statistics& statistics = run.result.statistics;
  EXPECT_GT(statistics.steps, 0);
  EXPECT_GT(statistics.rhsEvaluations, statistics.steps);
  EXPECT_GT(statistics.rootEvaluations, 0);
  EXPECT_GT(statistics.jacobianEvaluations, 0);
  EXPECT_EQ(statistics.stateEvents, 1);
  EXPECT_EQ(statistics.rows, static_cast<long>(run.table.rows().size()));
  // Initialization: one initial-mode pass, one settled event iteration and one after the
  // start time's sample instants end; the crossing (a state event, no sample instant): two
  // iterations (low changes, then nothing); the terminal pass: one.
  EXPECT_EQ(statistics.eventIterations, 3 + 2 + 1);
  EXPECT_GE(statistics.wallSeconds, 0.0);
}

} // namespace
} // namespace mocc::runtime::test
