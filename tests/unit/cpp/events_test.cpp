// Event semantics of generated C++ against the JIT, bit for bit, and against the rules of
// program.h where they are easy to state: relations frozen in continuous mode and evaluated
// and stored at events, right-limit rules at located crossings and time events, when/elsewhen
// edges and initial(), reinit() at the end of a step, assert/terminate reports, bind keeping
// overridden values, sample() and next_time_event().
#include "cpp_test_support.h"

#include <cmath>
#include <limits>
#include <random>

namespace mocc::backend::cpp::test {
namespace {

using expr::Id;
using expr::Op;
using jit::test::assign;

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A model exercising every event rule at once: a relation of each comparison with a crossing
/// function, time relations on both sides, a when-chain with a vector condition and an initial
/// branch, two reinits of one state, an assert, a terminate and sample().
struct EventModel {
  TestModel m;
  std::uint32_t x, start, interval, c1, c2, y, z, w;

  EventModel() {
    expr::Pool& p = m.pool();
    x = m.addState("x");
    start = m.addValue("start", expr::Type::Real, sim::Kind::Parameter);
    interval = m.addValue("interval", expr::Type::Real, sim::Kind::Parameter);
    c1 = m.addValue("c1", expr::Type::Boolean, sim::Kind::Discrete);
    c2 = m.addValue("c2", expr::Type::Boolean, sim::Kind::Discrete);
    y = m.addValue("y");
    z = m.addValue("z");
    w = m.addValue("w");
    Id sum = m.real(0);
    double weight = 1;
    for (Op op : {Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne}) {
      sum = p.add(sum, p.mul(m.real(weight), m.addRelation(op, m.read(x), m.real(1), true)));
      weight *= 2;
    }
    for (Op op : {Op::Lt, Op::Le, Op::Gt, Op::Ge}) {
      sum = p.add(sum,
                  p.mul(m.real(weight), m.addRelation(op, p.time(), m.read(start), false, true)));
      weight *= 2;
      sum = p.add(sum,
                  p.mul(m.real(weight), m.addRelation(op, m.read(start), p.time(), false, true)));
      weight *= 2;
    }
    Id sampled = p.sample(m.read(start), m.read(interval));
    sim::Statement assignY = assign(y, p.add(sum, p.mul(m.real(weight), sampled)));
    sim::When when;
    when.branches.push_back(
        sim::WhenBranch{{c1, c2},
                        false,
                        {sim::Statement{sim::Reinit{x, p.add(m.read(x), m.real(1))}, "a.mo:1:1"}}});
    when.branches.push_back(sim::WhenBranch{{c2}, false, {assign(z, m.real(2))}});
    when.branches.push_back(sim::WhenBranch{{}, true, {assign(z, m.real(3))}});
    sim::When second;
    second.branches.push_back(
        sim::WhenBranch{{c2}, false, {sim::Statement{sim::Reinit{x, m.real(-5)}, ""}}});
    std::uint32_t failed = m.addMessage("x is too large");
    std::uint32_t stop = m.addMessage("stop");
    sim::When stopping;
    stopping.branches.push_back(
        sim::WhenBranch{{c1}, false, {sim::Statement{sim::Terminate{stop}, ""}}});
    sim::Statement check{
        sim::Assert{p.compare(Op::Lt, m.read(x), m.real(100)), failed, sim::AssertLevel::Error},
        ""};
    sim::Statement warn{
        sim::Assert{p.compare(Op::Lt, m.read(x), m.real(50)), failed, sim::AssertLevel::Warning},
        ""};
    m.program.bind = {assign(start, m.real(0.5)), assign(interval, m.real(0.1)),
                      assign(x, m.real(7)), assign(w, p.mul(m.read(start), m.real(4)))};
    m.program.derivatives = {assign(x + 1, p.neg(m.read(x))), check};
    m.program.outputs = {assignY};
    m.program.event = {assignY,
                       sim::Statement{when, ""},
                       sim::Statement{second, ""},
                       sim::Statement{stopping, ""},
                       check,
                       warn};
    m.program.timeEvents = {sim::SampleEvent{m.read(start), m.read(interval)},
                            sim::ThresholdEvent{p.mul(m.read(start), m.real(3))}};
  }
};

/// Drives both compilations through the same random sequence of states, modes, crossing
/// directions and calls, comparing every value and report after each call.
TEST(CppEvents, RandomScenarioMatchesTheJit) {
  EventModel e;
  BothWays both = compileBothWays(e.m.program, testName());
  ASSERT_TRUE(both.ok());
  Instance jit(both.jit->model()), cpp(both.cpp->model());
  std::mt19937 random(6);
  const double xs[] = {0.0, 1.0, 0.5, 2.0, -1.0, 1.0, 60.0, 120.0};
  const double times[] = {0.5, 0.6, 0.7, 1.2, 1.2000000000000002, 0.4, 0.55, 1.5};
  for (int step = 0; step < 400; ++step) {
    int mode = static_cast<int>(random() % 3);
    double x = xs[random() % std::size(xs)];
    double time = times[random() % std::size(times)];
    std::int8_t direction = static_cast<std::int8_t>(static_cast<int>(random() % 3) - 1);
    std::uint8_t override = static_cast<std::uint8_t>(random() % 2);
    double c1 = random() % 2, c2 = random() % 2, preC1 = random() % 2, preC2 = random() % 2;
    int call = static_cast<int>(random() % 5);
    for (Instance* instance : {&jit, &cpp}) {
      (*instance)->mode = mode;
      (*instance)->time = time;
      instance->x[0] = x;
      instance->v[e.m.program.variables[e.c1].index] = c1;
      instance->v[e.m.program.variables[e.c2].index] = c2;
      instance->preV[e.m.program.variables[e.c1].index] = preC1;
      instance->preV[e.m.program.variables[e.c2].index] = preC2;
      std::fill(instance->direction.begin(), instance->direction.end(), direction);
      std::fill(instance->overridden.begin(), instance->overridden.end(), override);
    }
    std::string where = "step " + std::to_string(step) + " call " + std::to_string(call);
    switch (call) {
    case 0:
      EXPECT_EQ(both.jit->model().event_update(jit.get()),
                both.cpp->model().event_update(cpp.get()))
          << where;
      break;
    case 1:
      both.jit->model().outputs(jit.get());
      both.cpp->model().outputs(cpp.get());
      break;
    case 2:
      both.jit->model().derivatives(jit.get());
      both.cpp->model().derivatives(cpp.get());
      break;
    case 3:
      both.jit->model().bind(jit.get());
      both.cpp->model().bind(cpp.get());
      break;
    default: {
      std::vector<double> g1(6), g2(6);
      both.jit->model().crossings(jit.get(), g1.data());
      both.cpp->model().crossings(cpp.get(), g2.data());
      for (std::size_t i = 0; i < g1.size(); ++i)
        EXPECT_TRUE(jit::test::sameBits(g1[i], g2[i])) << where << " g[" << i << "]";
      EXPECT_TRUE(jit::test::sameBits(both.jit->model().next_time_event(jit.get()),
                                      both.cpp->model().next_time_event(cpp.get())))
          << where;
    }
    }
    expectSameState(jit, cpp, where);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(jit.reports.size(), 10u); // the scenario did report
}

// The rules themselves, on the C++ side alone: a relation watched by a crossing function takes
// its right-limit value where lhs - rhs is exactly zero and the runtime located the crossing.
// Asserts and terminate() pass the values of their messages as the JIT does: the same reports
// with the same texts.
TEST(CppEvents, ReportsPassTheValuesOfTheirMessages) {
  jit::test::MessageModel s;
  BothWays both = compileBothWays(s.m.program, testName());
  ASSERT_TRUE(both.ok());
  Instance jit(both.jit->model()), cpp(both.cpp->model());
  const std::vector<std::vector<double>> values = {
      {0.5, 2, 0}, {1.5, 3, 1}, {-1234567.0, 12, 0}, {0.25, 0, 1}, {1e300, -9, 1}};
  for (const std::vector<double>& v : values) {
    for (Instance* instance : {&jit, &cpp}) {
      instance->v = v;
      (*instance)->time = 0.5;
      (*instance)->mode = MOCC_MODE_CONTINUOUS;
    }
    both.jit->model().outputs(jit.get());
    both.cpp->model().outputs(cpp.get());
    jit->mode = cpp->mode = MOCC_MODE_EVENT;
    both.jit->model().event_update(jit.get());
    both.cpp->model().event_update(cpp.get());
  }
  expectSameState(jit, cpp, "messages");
  ASSERT_EQ(cpp.reports.size(), 6u);
  EXPECT_EQ(cpp.reports[0].text, "x = 1.5, n = 3, b = true");
  EXPECT_EQ(cpp.reports[1].text, "stopped at x = 3");
  EXPECT_EQ(cpp.reports[2].text, "n = 12: x =-1.23e+06");
  EXPECT_EQ(cpp.reports[3].text, "stopped at x = 0.5");
  EXPECT_EQ(cpp.reports[4].text, "x = 1e+300, n = -9, b = true");
  EXPECT_EQ(cpp.reports[5].text, "stopped at x = 2e+300");
  EXPECT_NE(both.cpp->source().find("message_templates"), std::string::npos);
}

TEST(CppEvents, LocatedCrossingTakesTheRightLimit) {
  TestModel m;
  std::uint32_t x = m.addState("x"), y = m.addValue("y");
  Id relation = m.addRelation(Op::Lt, m.read(x), m.real(1), true);
  m.program.event = {assign(y, relation)};
  m.program.outputs = {assign(y, relation)};
  auto cpp = CppModel::build(m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 1;
  auto at = [&](std::int8_t direction) {
    instance.direction[0] = direction;
    cpp->model().event_update(instance.get());
    return instance.v[0];
  };
  EXPECT_EQ(at(0), 0);  // 1 < 1 is false
  EXPECT_EQ(at(-1), 1); // falling through zero: just after, x < 1
  EXPECT_EQ(at(+1), 0);
  EXPECT_EQ(instance.v[1], 0); // stored
  instance.v[1] = 1;           // continuous mode reads the stored value
  instance->mode = MOCC_MODE_CONTINUOUS;
  instance.x[0] = 5;
  cpp->model().outputs(instance.get());
  EXPECT_EQ(instance.v[0], 1);
  EXPECT_NE(cpp->source().find("located("), std::string::npos);
}

TEST(CppEvents, ReinitAppliesAtTheEndAndTheLaterOneWins) {
  EventModel e;
  auto cpp = CppModel::build(e.m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 2;
  instance.v[e.m.program.variables[e.c2].index] = 1; // c2 rises: both whens fire
  EXPECT_EQ(cpp->model().event_update(instance.get()), 1);
  EXPECT_EQ(instance.x[0], -5);
  instance.preV = instance.v; // no edge any more
  instance.x[0] = 2;
  EXPECT_EQ(cpp->model().event_update(instance.get()), 0);
  EXPECT_EQ(instance.x[0], 2);
  instance->mode = MOCC_MODE_INITIAL; // only the initial branch: z := 3
  instance.preV[e.m.program.variables[e.c2].index] = 0;
  EXPECT_EQ(cpp->model().event_update(instance.get()), 0);
  EXPECT_EQ(instance.v[e.m.program.variables[e.z].index], 3);
}

TEST(CppEvents, BindKeepsOverriddenValues) {
  EventModel e;
  auto cpp = CppModel::build(e.m.program, testName());
  ASSERT_TRUE(cpp);
  Instance instance(cpp->model());
  std::uint32_t start = e.m.program.variables[e.start].index;
  instance.v[start] = 2;
  instance.overridden[1 + start] = 1; // one state comes first
  cpp->model().bind(instance.get());
  EXPECT_EQ(instance.v[start], 2);
  EXPECT_EQ(instance.x[0], 7);
  EXPECT_EQ(instance.v[e.m.program.variables[e.w].index], 8);
}

TEST(CppEvents, NextTimeEventMatchesTheJitOnTrickyTimes) {
  TestModel m;
  std::uint32_t start = m.addValue("start"), interval = m.addValue("interval");
  std::uint32_t y = m.addValue("y");
  Id s = m.read(start), i = m.read(interval);
  m.program.timeEvents = {sim::SampleEvent{s, i}};
  m.program.event = {assign(y, m.pool().sample(s, i))};
  BothWays both = compileBothWays(m.program, testName());
  ASSERT_TRUE(both.ok());
  Instance jit(both.jit->model()), cpp(both.cpp->model());
  const double starts[] = {0.0, 0.5, 0.1, -3.0, 1e10};
  const double intervals[] = {0.1, 1.0 / 3.0, 0.0, -1.0, 1e-9, kInf};
  const double times[] = {-1.0,      0.0,  0.3,  0.30000000000000004, 1.2,
                          1e6 + 0.1, 1e17, kInf, std::nan("")};
  for (double s0 : starts) {
    for (double i0 : intervals) {
      for (double t : times) {
        for (Instance* instance : {&jit, &cpp}) {
          instance->v[0] = s0;
          instance->v[1] = i0;
          (*instance)->time = t;
          (*instance)->mode = MOCC_MODE_EVENT;
        }
        double a = both.jit->model().next_time_event(jit.get());
        double b = both.cpp->model().next_time_event(cpp.get());
        EXPECT_TRUE(jit::test::sameBits(a, b)) << s0 << " " << i0 << " " << t;
        both.jit->model().event_update(jit.get());
        both.cpp->model().event_update(cpp.get());
        expectSameState(jit, cpp, "sample");
      }
    }
  }
  cpp.v = {0.5, 0.1, 0};
  cpp->time = 0.5 + 7 * 0.1;
  EXPECT_EQ(both.cpp->model().next_time_event(cpp.get()), 0.5 + 8 * 0.1);
  both.cpp->model().event_update(cpp.get());
  EXPECT_EQ(cpp.v[2], 1); // the instant is exactly start + k*interval
  cpp->time = 1.2;        // 0.5 + 7*0.1 is 1.2000000000000002
  both.cpp->model().event_update(cpp.get());
  EXPECT_EQ(cpp.v[2], 0);
}

} // namespace
} // namespace mocc::backend::cpp::test
