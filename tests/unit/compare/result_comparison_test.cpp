// The comparison behind `mocc compare` on hand-made tables: events found from duplicated times,
// segment-wise interpolation that never crosses a jump, left/right limits compared with their
// own kind, event-time deviations and mismatched event counts, and reading result files.
#include "result_comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

using namespace mocc::tool;

namespace {

/// A one-variable result from (time, value) pairs.
ResultData table(const std::string& name, std::vector<std::pair<double, double>> rows) {
  ResultData result{{name}, {}};
  for (auto [time, value] : rows)
    result.rows.push_back({time, {value}});
  return result;
}

/// x = t until the jump at `eventTime`, where x drops by 1, then x = t - 1 (a sawtooth
/// tooth): output rows at 0, 0.5, 1, 1.5 and 2 (one at the event is its pair of limits).
ResultData sawtooth(double eventTime) {
  std::vector<std::pair<double, double>> rows;
  for (double t : {0.0, 0.5, 1.0})
    if (t < eventTime) rows.push_back({t, t});
  rows.push_back({eventTime, eventTime});     // left limit
  rows.push_back({eventTime, eventTime - 1}); // right limit
  for (double t : {1.0, 1.5, 2.0})
    if (t > eventTime) rows.push_back({t, t - 1});
  return table("x", rows);
}

/// What a comparison that ignores events does: interpolate the run over all its rows at each
/// reference time. Returns the largest deviation.
double naiveMaxDeviation(const ResultData& run, const ResultData& reference) {
  double largest = 0;
  for (const ResultData::Row& row : reference.rows) {
    auto after = std::upper_bound(run.rows.begin(), run.rows.end(), row.time,
                                  [](double t, const ResultData::Row& r) { return t < r.time; });
    double value = run.rows.back().values[0];
    if (after != run.rows.end() && after != run.rows.begin()) {
      const ResultData::Row& low = *(after - 1);
      value = low.values[0] +
              (row.time - low.time) / (after->time - low.time) * (after->values[0] - low.values[0]);
    }
    largest = std::max(largest, std::abs(value - row.values[0]));
  }
  return largest;
}

} // namespace

TEST(ResultComparison, EventsAreRowsWithEqualTimes) {
  ResultData result =
      table("x", {{0, 0}, {0.5, 1}, {1, 2}, {1, 3}, {1.5, 4}, {2, 5}, {2, 6}, {2, 7}});
  std::vector<EventInstant> events = findEvents(result);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].time, 1.0);
  EXPECT_EQ(events[0].leftRow, 2u);
  EXPECT_EQ(events[0].rightRow, 3u);
  // Two events at one instant (four rows) are one instant: first row left, last row right.
  EXPECT_EQ(events[1].leftRow, 5u);
  EXPECT_EQ(events[1].rightRow, 7u);
}

TEST(ResultComparison, InstantsARoundingErrorApartAreOneEvent) {
  // A landing at t = 1 and the release of its relation 1e-13 later, then a bounce at t = 2.
  ResultData twoInstants =
      table("h", {{0, 1}, {1, 0}, {1, 0}, {1 + 1e-13, 0}, {1 + 1e-13, 0}, {2, 0}, {2, 1}});
  ResultData oneInstant = table("h", {{0, 1}, {1, 0}, {1, 0}, {2, 0}, {2, 1}});
  EXPECT_EQ(findEvents(twoInstants).size(), 3u);
  std::vector<EventInstant> merged = findEvents(twoInstants, 1e-9);
  ASSERT_EQ(merged.size(), 2u);
  EXPECT_EQ(merged[0].leftRow, 1u);
  EXPECT_EQ(merged[0].rightRow, 4u);
  Deviation d = compareResults(twoInstants, oneInstant);
  EXPECT_FALSE(d.eventCountsDiffer());
  EXPECT_NEAR(d.maxEventTimeDeviation, 0.0, 1e-12);
}

TEST(ResultComparison, IdenticalResultsDoNotDeviate) {
  ResultData result = sawtooth(1.0);
  Deviation d = compareResults(result, result);
  EXPECT_EQ(d.maxAbsolute, 0.0);
  EXPECT_EQ(d.maxRelative, 0.0);
  EXPECT_EQ(d.maxEventTimeDeviation, 0.0);
  EXPECT_EQ(d.runEvents, 1u);
  EXPECT_FALSE(d.eventCountsDiffer());
  EXPECT_EQ(d.comparedValues, result.rows.size()); // every reference row once
}

TEST(ResultComparison, AShiftedJumpIsNotInterpolatedAcross) {
  ResultData reference = sawtooth(1.0);
  ResultData run = sawtooth(1.01); // the event found 0.01 late
  // Interpolating over the jump compares the reference's right limit 0 at t = 1 with the
  // run's value 1 there: the size of the jump, not of the error.
  ASSERT_GT(naiveMaxDeviation(run, reference), 0.9);
  Deviation d = compareResults(run, reference);
  EXPECT_NEAR(d.maxEventTimeDeviation, 0.01, 1e-12);
  // Left limits 1.01 vs 1, and x = t - 1.01 vs t - 1 after the jump: 0.01 everywhere.
  EXPECT_NEAR(d.maxAbsolute, 0.01, 1e-12);
  EXPECT_EQ(d.absoluteVariable, "x");
  EXPECT_EQ(d.runEvents, 1u);
  EXPECT_EQ(d.referenceEvents, 1u);
}

TEST(ResultComparison, LimitsAreComparedWithTheirOwnKind) {
  ResultData reference = sawtooth(1.0);
  ResultData run = sawtooth(1.0);
  // A wrong right limit alone (as if a reinit were off) is found, at the event's time.
  ASSERT_EQ(run.rows[3].time, 1.0);
  run.rows[3].values[0] += 0.25;
  Deviation d = compareResults(run, reference);
  EXPECT_NEAR(d.maxAbsolute, 0.25, 1e-12);
  EXPECT_EQ(d.absoluteTime, 1.0);
  EXPECT_EQ(d.maxEventTimeDeviation, 0.0);
}

TEST(ResultComparison, EventTimeDeviationAndCountMismatch) {
  ResultData reference = table("x", {{0, 0}, {1, 1}, {1, 0}, {2, 1}, {2, 0}, {3, 1}, {3, 0}});
  ResultData run = table("x", {{0, 0}, {1.001, 1}, {1.001, 0}, {1.998, 1}, {1.998, 0}, {3, 1}});
  Deviation d = compareResults(run, reference);
  EXPECT_EQ(d.runEvents, 2u);
  EXPECT_EQ(d.referenceEvents, 3u);
  EXPECT_TRUE(d.eventCountsDiffer());
  EXPECT_NEAR(d.maxEventTimeDeviation, 0.002, 1e-12);
  // Every matched event with both its times.
  ASSERT_EQ(d.events.size(), 2u);
  EXPECT_EQ(d.events[0].reference, 1.0);
  EXPECT_EQ(d.events[0].run, 1.001);
  EXPECT_EQ(d.events[1].reference, 2.0);
  EXPECT_EQ(d.events[1].run, 1.998);
}

TEST(ResultComparison, RelativeDeviationHasAFloorAndNamesItsVariable) {
  ResultData reference{{"small", "large"}, {{0, {0.0, 100}}, {1, {1.0, 200}}}};
  ResultData run{{"small", "large"}, {{0, {1e-6, 100}}, {1, {1.0, 202}}}};
  Deviation d = compareResults(run, reference);
  EXPECT_DOUBLE_EQ(d.maxAbsolute, 2.0);
  EXPECT_EQ(d.absoluteVariable, "large");
  EXPECT_EQ(d.absoluteTime, 1.0);
  // small: 1e-6 against a zero, divided by the floor 1e-3 * 1: 1e-3; large: 2 / 200 = 1e-2.
  EXPECT_DOUBLE_EQ(d.maxRelative, 0.01);
  EXPECT_EQ(d.relativeVariable, "large");
  // And each variable's own largest deviations.
  ASSERT_EQ(d.variables.size(), 2u);
  EXPECT_EQ(d.variables[0].name, "small");
  EXPECT_DOUBLE_EQ(d.variables[0].maxAbsolute, 1e-6);
  EXPECT_DOUBLE_EQ(d.variables[0].maxRelative, 1e-3);
  EXPECT_EQ(d.variables[1].name, "large");
  EXPECT_DOUBLE_EQ(d.variables[1].maxAbsolute, 2.0);
  EXPECT_DOUBLE_EQ(d.variables[1].maxRelative, 0.01);
}

TEST(ResultComparison, MissingVariablesAndRowsPastAFailedRunAreNotCompared) {
  ResultData reference{{"x", "y"}, {{0, {0, 0}}, {1, {1, 1}}, {2, {2, 2}}, {3, {3, 3}}}};
  ResultData run{{"x"}, {{0, {0}}, {1, {1}}, {1.5, {1.5}}}}; // stopped at 1.5
  Deviation d = compareResults(run, reference);
  EXPECT_EQ(d.missingVariables, std::vector<std::string>{"y"});
  EXPECT_EQ(d.comparedValues, 2u); // x at 0 and 1
  EXPECT_EQ(d.maxAbsolute, 0.0);
}

TEST(ResultComparison, ReadsResultFiles) {
  auto path = std::filesystem::temp_directory_path() / "mocc_result_comparison_test.csv";
  std::ofstream(path) << "time,\"a[1,2]\",b\n0,1,2\n0.5,1.5,nan\n0.5,-1,3\n";
  ResultData result = readResultCsv(path);
  EXPECT_EQ(result.names, (std::vector<std::string>{"a[1,2]", "b"}));
  ASSERT_EQ(result.rows.size(), 3u);
  EXPECT_EQ(result.rows[2].values[0], -1.0);
  EXPECT_TRUE(std::isnan(result.rows[1].values[1]));
  EXPECT_EQ(findEvents(result).size(), 1u);
  std::ofstream(path) << "time,a\n0,1\n1,x\n";
  EXPECT_THROW(readResultCsv(path), std::runtime_error);
  std::ofstream(path) << "t,a\n0,1\n";
  EXPECT_THROW(readResultCsv(path), std::runtime_error);
  std::filesystem::remove(path);
}
