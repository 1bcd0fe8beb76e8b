// DelayHistory (delay(), MLS 3.6 section 3.7.4.2) on hand-recorded points: the value at the
// start time, linear interpolation, a jump's left and right limit at exactly t_e + delayTime,
// the time event there, the current value beyond the last point, points inserted inside a
// step, an event cutting a step short, and how much history delayMax keeps.
#include "mocc/runtime/delay_history.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

using mocc::runtime::DelayHistory;

namespace {

void record(DelayHistory& history, double t, double y) { history.record(t, std::vector{y}); }

} // namespace

TEST(DelayHistory, IsTheCurrentValueWithoutHistoryOrDelay) {
  DelayHistory history(1);
  history.reset(0.0);
  EXPECT_EQ(history.value(0, 0.0, 7.0, 1.0, 1.0), 7.0); // initializing: nothing recorded yet
  record(history, 0.0, 7.0);
  EXPECT_EQ(history.value(0, 0.5, 3.0, 0.0, 1.0), 3.0); // delay(e, 0) is e
}

TEST(DelayHistory, IsTheStartValueUntilStartPlusDelayTimeThenInterpolates) {
  DelayHistory history(1);
  history.reset(1.0);
  record(history, 1.0, 10.0);
  record(history, 2.0, 20.0);
  record(history, 4.0, 0.0);
  EXPECT_EQ(history.value(0, 1.25, 99.0, 0.5, 0.5), 10.0);
  EXPECT_EQ(history.value(0, 1.5, 99.0, 0.5, 0.5), 10.0); // time.start + delayTime itself
  EXPECT_EQ(history.value(0, 2.0, 99.0, 0.5, 0.5), 15.0); // halfway from 1 to 2
  EXPECT_EQ(history.value(0, 3.5, 99.0, 0.5, 0.5), 10.0); // 3 lies halfway from 2 to 4
  EXPECT_EQ(history.value(0, 4.0, 99.0, 2.0, 2.0), 20.0); // exactly a recorded point
}

TEST(DelayHistory, ReachesTowardTheCurrentValueBeyondTheLastPoint) {
  // A step longer than the delay: between the last point (t = 1, y = 0) and the current one
  // (t = 2, y = 4), the history is the straight line through both.
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 0.0);
  record(history, 1.0, 0.0);
  EXPECT_EQ(history.value(0, 2.0, 4.0, 0.5, 0.5), 2.0);
}

TEST(DelayHistory, AJumpReappearsExactlyDelayTimeLaterLeftLimitFirst) {
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 1.0);
  record(history, 0.1, 1.0);
  record(history, 0.1, 1.0); // the event's left limit, again
  history.enterEvent(0.1);
  history.recordRightLimit(0.1, std::vector{2.0});
  record(history, 0.5, 2.0);
  EXPECT_EQ(history.size(0), 4u);
  const double d = 0.3, at = 0.1 + 0.3; // as the event is scheduled: 0.4000000000000001
  // The delay time is known once the model has read the delay.
  EXPECT_EQ(history.nextEvent(0.2), std::numeric_limits<double>::infinity());
  EXPECT_EQ(history.value(0, 0.2, 5.0, d, d), 1.0);
  EXPECT_EQ(history.value(0, 0.3, 5.0, d, d), 1.0);
  EXPECT_EQ(history.nextEvent(0.3), at);
  EXPECT_EQ(history.value(0, at, 5.0, d, d), 1.0); // the left limit at the event
  history.enterEvent(at);
  EXPECT_EQ(history.value(0, at, 5.0, d, d), 2.0); // its right limit
  EXPECT_EQ(history.value(0, 0.45, 5.0, d, d), 2.0);
  EXPECT_EQ(history.nextEvent(at), std::numeric_limits<double>::infinity());
}

TEST(DelayHistory, ARightLimitEqualToTheLeftOneIsNoJump) {
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 1.0);
  record(history, 0.1, 1.0);
  history.enterEvent(0.1);
  history.recordRightLimit(0.1, std::vector{1.0});
  EXPECT_EQ(history.size(0), 2u);
  history.value(0, 0.2, 1.0, 0.3, 0.3);
  EXPECT_EQ(history.nextEvent(0.2), std::numeric_limits<double>::infinity());
}

TEST(DelayHistory, AnEventInsideAStepDropsTheStepsEnd) {
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 0.0);
  record(history, 1.0, 10.0); // the end of a step with a root at 0.5 inside it
  record(history, 0.5, 5.0);  // the event's left limit
  EXPECT_EQ(history.size(0), 2u);
  EXPECT_EQ(history.value(0, 1.0, 6.0, 0.5, 0.5), 5.0);
}

TEST(DelayHistory, OutputPointsAreInsertedInsideTheLastStep) {
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 0.0);
  record(history, 1.0, 0.0);
  history.insert(0.5, std::vector{1.0}); // the dense output there: a peak the step ends miss
  EXPECT_EQ(history.size(0), 3u);
  EXPECT_EQ(history.value(0, 1.5, 0.0, 1.0, 1.0), 1.0);
  EXPECT_EQ(history.value(0, 1.75, 0.0, 1.0, 1.0), 0.5);
}

TEST(DelayHistory, KeepsOnlyWhatDelayMaxCanReach) {
  DelayHistory history(1);
  history.reset(0.0);
  record(history, 0.0, 0.0);
  history.value(0, 0.0, 0.0, 0.5, 1.0); // delayMax 1 becomes known
  for (int k = 1; k <= 100; ++k)
    record(history, 0.1 * k, k);
  // Reads come from the previous record (9.9) on, reaching 1 into the past: 8.9 and later,
  // interpolated from the point at or before it.
  EXPECT_LE(history.size(0), 13u);
  EXPECT_NEAR(history.value(0, 9.95, 0.0, 1.0, 1.0), 89.5, 1e-9);
}
