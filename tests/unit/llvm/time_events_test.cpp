// next_time_event: the earliest sample instant or threshold strictly after the current time,
// computed so that sample() is true at the returned instant, and +infinity when none exists.
#include "test_model.h"

#include <cmath>
#include <limits>

namespace mocc::backend::jit::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// sample(start, interval) as a time event, and y := sample(start, interval) at events.
struct SampledModel {
  TestModel m;
  std::uint32_t start, interval, y;
  std::unique_ptr<CompiledModel> compiled;
  SampledModel(int optLevel = 2) {
    start = m.addValue("start", expr::Type::Real, sim::Kind::Parameter);
    interval = m.addValue("interval", expr::Type::Real, sim::Kind::Parameter);
    y = m.addValue("y", expr::Type::Boolean);
    expr::Id s = m.read(start), i = m.read(interval);
    m.program.timeEvents = {sim::SampleEvent{s, i}};
    m.program.event = {assign(y, m.pool().sample(s, i))};
    compiled = compileOrFail(m.program, optLevel);
  }
  double next(Instance& instance, double time) {
    instance->time = time;
    return compiled->model().next_time_event(instance.get());
  }
  bool sampleTrueAt(Instance& instance, double time) {
    instance->time = time;
    instance->mode = MOCC_MODE_EVENT;
    compiled->model().event_update(instance.get());
    return instance.v[2] == 1;
  }
};

TEST(JitNextTimeEvent, NoTimeEventsGivesInfinity) {
  TestModel m;
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  EXPECT_EQ(compiled->model().next_time_event(instance.get()), kInf);
}

TEST(JitNextTimeEvent, SampleBeforeAtAndAfterStart) {
  SampledModel s;
  ASSERT_TRUE(s.compiled);
  Instance instance(s.compiled->model());
  instance.v = {0.5, 0.1, 0};
  EXPECT_EQ(s.next(instance, 0), 0.5);
  EXPECT_EQ(s.next(instance, 0.5), 0.5 + 1 * 0.1); // start == time: strictly after
  EXPECT_EQ(s.next(instance, 0.55), 0.5 + 1 * 0.1);
  EXPECT_EQ(s.next(instance, 0.5 + 7 * 0.1), 0.5 + 8 * 0.1);
  EXPECT_EQ(s.next(instance, 1.2), 0.5 + 7 * 0.1); // 1.2 lies just before instant 7
}

TEST(JitNextTimeEvent, StepsThroughInstantsExactly) {
  for (int level : {0, 3}) {
    SampledModel s(level);
    ASSERT_TRUE(s.compiled);
    Instance instance(s.compiled->model());
    instance.v = {0.5, 0.1, 0};
    double time = 0;
    for (int k = 0; k < 2000; ++k) {
      time = s.next(instance, time);
      ASSERT_EQ(time, 0.5 + k * 0.1) << "instant " << k;
      ASSERT_TRUE(s.sampleTrueAt(instance, time)) << "instant " << k;
    }
  }
}

TEST(JitNextTimeEvent, LargeSampleNumbers) {
  SampledModel s;
  ASSERT_TRUE(s.compiled);
  Instance instance(s.compiled->model());
  instance.v = {0.5, 0.1, 0};
  for (double k : {1e6, 123456789.0, 3e12}) {
    double instant = 0.5 + k * 0.1;
    double next = s.next(instance, instant);
    EXPECT_EQ(next, 0.5 + (k + 1) * 0.1) << k;
    EXPECT_TRUE(s.sampleTrueAt(instance, next)) << k;
    double between = std::nextafter(instant, kInf);
    EXPECT_EQ(s.next(instance, between), next) << k;
    EXPECT_EQ(s.next(instance, std::nextafter(instant, -kInf)), instant) << k;
  }
}

TEST(JitNextTimeEvent, DegenerateSamplesNeverHang) {
  SampledModel s;
  ASSERT_TRUE(s.compiled);
  Instance instance(s.compiled->model());
  instance.v = {0, 0, 0}; // interval 0
  EXPECT_EQ(s.next(instance, 1), kInf);
  instance.v = {0, -1, 0};
  EXPECT_EQ(s.next(instance, 1), kInf);
  instance.v = {0, std::nan(""), 0};
  EXPECT_EQ(s.next(instance, 1), kInf);
  instance.v = {0, 1, 0};
  EXPECT_EQ(s.next(instance, kInf), kInf);
  instance.v = {0, 1e-300, 0}; // k beyond 2^53
  EXPECT_EQ(s.next(instance, 1), kInf);
  instance.v = {1e20, 1, 0}; // instants do not advance for thousands of steps
  double next = s.next(instance, 1e20);
  EXPECT_GT(next, 1e20);
  EXPECT_TRUE(s.sampleTrueAt(instance, next));
}

TEST(JitNextTimeEvent, ThresholdsAndMinimum) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), b = m.addValue("b");
  m.program.timeEvents = {sim::ThresholdEvent{m.read(a)}, sim::ThresholdEvent{m.read(b)},
                          sim::SampleEvent{m.real(0), m.real(0.25)}};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  auto next = [&](double time) {
    instance->time = time;
    return compiled->model().next_time_event(instance.get());
  };
  instance.v = {3, 2};
  EXPECT_EQ(next(1.9), 2);
  EXPECT_EQ(next(0.1), 0.25);
  EXPECT_EQ(next(2), 2.25); // b = 2 is not after time 2
  instance.v = {2.1, 5};
  EXPECT_EQ(next(2), 2.1);
  instance.v = {std::nan(""), 1};
  EXPECT_EQ(next(1), 1.25);
}

} // namespace
} // namespace mocc::backend::jit::test
