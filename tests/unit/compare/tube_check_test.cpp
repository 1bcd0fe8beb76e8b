// The csv-compare tube of tools/mocc/tube_check.h on hand-made signals whose verdicts follow
// from the definition: the tube is the reference's polyline swept by [-dt, dt] x [-dy, dy]
// with dt = tol max(span, |start|) and dy = tol max(range, |min|, 1e-3).
#include "tube_check.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

using namespace mocc::tool;

namespace {

constexpr double kTol = 2e-3;

// A step from 0 to 1 at t = 5 on [0, 10]: dt = 0.02, dy = tol * max(1, 0, 1e-3) = 0.002.
Signal step(double at) { return {{0, at, at, 10}, {0, 0, 1, 1}}; }

// The same step as a reference of the MSL's density: a row every 0.01 (half of dt) and both
// limits at the jump.
Signal denseStep(double at) {
  Signal s;
  for (int k = 0; k <= 1000; ++k) {
    double t = k / 100.0;
    if (t == at) {
      s.time.push_back(t);
      s.value.push_back(0);
    }
    s.time.push_back(t);
    s.value.push_back(t < at ? 0 : 1);
  }
  return s;
}

// A constant 1 with a row every 1 s: dy = 2e-3.
Signal constantOne() {
  Signal s;
  for (int k = 0; k <= 10; ++k) {
    s.time.push_back(k);
    s.value.push_back(1);
  }
  return s;
}

} // namespace

TEST(TubeSize, FollowsTheSpanTheRangeAndTheMinimum) {
  TubeSize s = tubeSize(step(5), kTol);
  EXPECT_DOUBLE_EQ(s.time, 0.02);
  EXPECT_DOUBLE_EQ(s.value, 0.002);
  // A late start widens the tube in time (|start| > span); a signal far from zero with a small
  // range is measured by its minimum; a constant zero by the 1e-3 floor.
  TubeSize late = tubeSize({{100, 101}, {-7, -6.5}}, kTol);
  EXPECT_DOUBLE_EQ(late.time, 0.2);
  EXPECT_DOUBLE_EQ(late.value, 2e-3 * 7);
  EXPECT_DOUBLE_EQ(tubeSize({{0, 1}, {0, 0}}, kTol).value, 2e-6);
}

TEST(TubeRange, CoversTheVerticesAndTheInterpolatedWindowEdges) {
  Signal ramp{{0, 1, 2}, {0, 1, 0}};
  auto r = rangeOver(ramp, 0.25, 0.5);
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(r->low, 0.25);
  EXPECT_DOUBLE_EQ(r->high, 0.5);
  r = rangeOver(ramp, 0.5, 1.75); // the vertex at 1 is the maximum
  EXPECT_DOUBLE_EQ(r->low, 0.25);
  EXPECT_DOUBLE_EQ(r->high, 1.0);
  r = rangeOver(step(5), 4.99, 5.01); // both limits of the jump
  EXPECT_DOUBLE_EQ(r->low, 0.0);
  EXPECT_DOUBLE_EQ(r->high, 1.0);
  EXPECT_FALSE(rangeOver(ramp, 2.5, 3.0)); // past the end
  r = rangeOver(ramp, -1.0, 0.5);          // clipped to the start
  EXPECT_DOUBLE_EQ(r->low, 0.0);
  EXPECT_DOUBLE_EQ(r->high, 0.5);
}

TEST(TubeCheck, AnOffsetInsideTheTubePassesWithItsShareOfTheHeight) {
  // An offset of 1.5e-3 at t = 5 is 0.75 tube units, 3e-3 is 1.5; the result is 1 again at
  // the rectangle's corners 4.98 and 5.02.
  Signal reference = constantOne();
  auto offsetAtFive = [](double offset) {
    return Signal{{0, 4.99, 5, 5.01, 10}, {1, 1, 1 + offset, 1, 1}};
  };
  SignalVerdict inside = checkSignal(offsetAtFive(1.5e-3), reference, kTol);
  EXPECT_TRUE(inside.passed);
  EXPECT_NEAR(inside.worstExcursion, 0.75, 1e-9);
  EXPECT_EQ(inside.worstTime, 5.0);
  SignalVerdict outside = checkSignal(offsetAtFive(-3e-3), reference, kTol);
  EXPECT_FALSE(outside.passed);
  EXPECT_NEAR(outside.worstExcursion, 1.5, 1e-9);
  EXPECT_EQ(outside.pointsOutside, 1u);
}

TEST(TubeCheck, AnEventLaterThanTheTubesHalfWidthFails) {
  // dt = 0.02: an event 0.01 late stays inside (every window around it still holds the
  // jump); 0.05 late, the result is still 0 at tube times whose windows lie past the jump:
  // 1 / dy = 500 units out. Early, it is 1 where the windows lie before it.
  EXPECT_TRUE(checkSignal(step(5.01), denseStep(5), kTol).passed);
  SignalVerdict late = checkSignal(step(5.05), denseStep(5), kTol);
  EXPECT_FALSE(late.passed);
  EXPECT_NEAR(late.worstExcursion, 500, 1e-6);
  EXPECT_GT(late.worstTime, 5.02);
  EXPECT_LE(late.worstTime, 5.05);
  EXPECT_EQ(late.worstValue, 0.0);
  SignalVerdict early = checkSignal(step(4.95), denseStep(5), kTol);
  EXPECT_FALSE(early.passed);
  EXPECT_GE(early.worstTime, 4.95);
  EXPECT_LT(early.worstTime, 4.98);
  EXPECT_EQ(early.worstValue, 1.0);
}

TEST(TubeCheck, AResultFeatureBetweenReferenceRowsIsNotHeldAgainstIt) {
  // A reference thinned to one row a second cannot show a spike of the result at 5.5; the
  // tube's times are 0..10 and their corners, where the result is 1.
  SignalVerdict v = checkSignal({{0, 5.49, 5.5, 5.51, 10}, {1, 1, 3, 1, 1}}, constantOne(), kTol);
  EXPECT_TRUE(v.passed);
  EXPECT_EQ(v.worstExcursion, 0.0);
}

TEST(TubeCheck, TheResultIsInterpolatedAtTheReferenceTimes) {
  // A peak of 1 at t = 5 that a result with rows at 0 and 10 only misses: its rows are inside
  // (the reference is 0 there), but interpolated at t = 5 it is 0 where the window
  // [4.98, 5.02] holds values from 0.996 to 1: 0.996 / dy = 498 units.
  Signal peak{{0, 5, 10}, {0, 1, 0}};
  SignalVerdict v = checkSignal({{0, 10}, {0, 0}}, peak, kTol);
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.worstTime, 5.0);
  EXPECT_NEAR(v.worstExcursion, 0.996 / 0.002, 1e-6);
}

// A reference thinned to the zeros of sin(pi t), one row a second (50 times the tube's width
// dt = 0.02): its polyline is 0, dy = 2e-3 * 1e-3 (range and minimum 0). The result sin(pi t)
// itself equals it at every row, but at the tube's corner times k -+ 0.02 it is sin(0.02 pi) =
// 0.0628 off the chords: 31,400 tube units. At the reference's rows (and the result has no
// event) it is inside: sin(fl(pi k)) is at most k |pi - fl(pi)| + 2 ulp(pi k) <= 10 * 1.3e-16 +
// 7.2e-15 = 8.5e-15 from 0 for k <= 10, 4.3e-9 tube units.
TEST(TubeCheck, AtTheReferencesRowsAThinnedReferencesChordsDoNotCount) {
  const double pi = std::acos(-1.0);
  Signal zeros, result;
  for (int k = 0; k <= 10; ++k) {
    zeros.time.push_back(k);
    zeros.value.push_back(0.0);
  }
  for (int k = 0; k <= 1000; ++k) {
    result.time.push_back(k / 100.0);
    result.value.push_back(std::sin(pi * k / 100.0));
  }
  SignalVerdict v = checkSignal(result, zeros, kTol);
  EXPECT_FALSE(v.passed);
  EXPECT_NEAR(v.worstExcursion, std::sin(0.02 * pi) / 2e-6, 1.0);
  EXPECT_TRUE(v.atRows.passed);
  EXPECT_LT(v.atRows.worstExcursion, 4.3e-9);
}

// At the shared points a late event still fails: the result's own event rows at 5.05 hold the
// old level where the reference (dense or not) is past its jump at 5.
TEST(TubeCheck, AtTheReferencesRowsALateOrEarlyEventStillFails) {
  Signal sparseStep{{0, 5, 5, 10}, {0, 0, 1, 1}};
  EXPECT_TRUE(checkSignal(step(5.01), sparseStep, kTol).atRows.passed);
  SignalVerdict late = checkSignal(step(5.05), sparseStep, kTol);
  EXPECT_FALSE(late.atRows.passed);
  EXPECT_NEAR(late.atRows.worstExcursion, 500, 1e-6);
  EXPECT_EQ(late.atRows.worstTime, 5.05);
  SignalVerdict early = checkSignal(step(4.95), sparseStep, kTol);
  EXPECT_FALSE(early.atRows.passed);
  EXPECT_EQ(early.atRows.worstTime, 4.95);
  // A missing event: the result stays 0, which the reference's row at 10 (value 1) shows.
  EXPECT_FALSE(checkSignal({{0, 10}, {0, 0}}, sparseStep, kTol).atRows.passed);
}

TEST(TubeCheck, ANaNAShortResultAndAMissingSignalFail) {
  Signal reference{{0, 10}, {1, 1}};
  SignalVerdict nan = checkSignal({{0, 5, 10}, {1, std::nan(""), 1}}, reference, kTol);
  EXPECT_FALSE(nan.passed);
  EXPECT_TRUE(std::isinf(nan.worstExcursion));
  SignalVerdict shortRun = checkSignal({{0, 5}, {1, 1}}, reference, kTol);
  EXPECT_FALSE(shortRun.passed);
  EXPECT_FALSE(shortRun.coversSpan);

  ResultData result{{"a"}, {{0, {1}}, {10, {1}}}};
  ResultData ref{{"a", "b"}, {{0, {1, 2}}, {10, {1, 2}}}};
  auto verdicts = checkTube(result, ref, {}, kTol);
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_TRUE(verdicts[0].passed);
  EXPECT_FALSE(verdicts[1].passed);
  EXPECT_FALSE(verdicts[1].inResult);
  EXPECT_THROW(checkTube(result, ref, {"c"}, kTol), std::runtime_error);
}

TEST(TubeCheck, ReadsAComparisonSignalsFile) {
  auto path = std::filesystem::temp_directory_path() / "mocc_tube_signals.txt";
  std::ofstream(path) << "time\nC1.v\n\n  L1.i \r\n// shiftSample1.y\n";
  EXPECT_EQ(readSignalList(path), (std::vector<std::string>{"C1.v", "L1.i"}));
  std::filesystem::remove(path);
  EXPECT_THROW(readSignalList(path), std::runtime_error);
}

TEST(TubeEdges, BoundTheReferenceByTheTubeHeightAndWidenAtJumps) {
  TubeEdges e = tubeEdges(step(5), kTol);
  ASSERT_EQ(e.time.size(), e.lower.size());
  for (std::size_t i = 0; i < e.time.size(); ++i) {
    double t = e.time[i];
    EXPECT_DOUBLE_EQ(e.lower[i], (t <= 5 + 0.02 ? 0.0 : 1.0) - 0.002) << t;
    EXPECT_DOUBLE_EQ(e.upper[i], (t >= 5 - 0.02 ? 1.0 : 0.0) + 0.002) << t;
  }
}
